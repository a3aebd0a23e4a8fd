import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { instructionParts } from '../src/gateway/instruction-parts.js';
import { countTokens } from '../src/cost/tokenizer.js';
import { FIXTURE_UPSTREAM, REAL_UPSTREAMS, startTestGateway, textOf, type TestGateway } from './_gateway.js';

const tool = (name: string) => ({ name, description: `${name}.`, inputSchema: { type: 'object', properties: {} } });

describe('long server instructions split into an index and parts (unit)', () => {
  const rules = (topic: string) => Array.from({ length: 10 }, (_, i) => `Rule ${i} for ${topic}: check the totals twice and log the change.`).join(' ');
  const text = `# Shop\n\nGeneral: be polite.\n\n## Carts\n\nUse \`cart_add\` and \`cart_clear\` with care.\n${rules('carts')}\n\n## Orders\n\n\`order_place\` charges the card.\n${rules('orders')}\n`;

  test('each part goes with the tools of its family', () => {
    const parts = instructionParts('shop', text, ['cart_add', 'cart_clear', 'order_place', 'order_cancel'].map(tool));
    assert.ok(parts);
    assert.ok(parts.tokens.after < parts.tokens.before * 0.75);
    assert.match(parts.index, /General: be polite/);
    assert.doesNotMatch(parts.index, /Rule 3 for carts/);
    assert.match(parts.partOf('cart_clear')!.text, /Rule 3 for carts/);
    assert.match(parts.partOf('order_place')!.text, /charges the card/);
    // A tool of the family the text does not name still carries it (same catalog family).
    assert.equal(parts.partOf('order_cancel')?.name, parts.partOf('order_place')?.name);
  });

  test('short instructions, or a part no tool would carry, are served whole', () => {
    assert.equal(instructionParts('shop', 'Be polite. Use cart_add for carts.', [tool('cart_add')]), undefined);
    const untied = `# Shop\n\nGeneral.\n\n## History\n\n${rules('the history of the shop')}\n\n## Weather\n\n${rules('the weather')}\n`;
    assert.equal(instructionParts('shop', untied, [tool('cart_add')]), undefined);
  });
});

describe('the gateway serves split instructions', () => {
  let gw: TestGateway | undefined;
  // A failed test leaves its gateway running: the next test, or the end, stops it.
  after(async () => gw?.stop());

  test('full mode: the index in initialize, a family part with its first result, once', async () => {
    await gw?.stop();
    gw = await startTestGateway({ mode: 'full', upstreams: { servers: { manual: FIXTURE_UPSTREAM('manual') } } });
    const client = await gw.connect();
    const instructions = client.getInstructions() ?? '';
    assert.match(instructions, /Always confirm with the user/);
    assert.match(instructions, /sheet_read/);
    assert.doesNotMatch(instructions, /Rule 5 for mail/);
    const first = textOf(await client.callTool({ name: 'manual__mail_draft', arguments: {} }));
    assert.match(first, /called mail_draft/);
    assert.match(first, /Rule 5 for mail/);
    assert.doesNotMatch(first, /Rule 5 for sheets/);
    assert.doesNotMatch(textOf(await client.callTool({ name: 'manual__mail_send', arguments: {} })), /Rule 5 for mail/, 'a part comes once a session');
    assert.match(textOf(await client.callTool({ name: 'manual__sheet_read', arguments: {} })), /Rule 5 for sheets/);
    // Another session gets its own parts.
    const other = await gw.connect();
    assert.match(textOf(await other.callTool({ name: 'manual__mail_send', arguments: {} })), /Rule 5 for mail/);
  });

  test('deferred mode: tool_search brings the index and the family part with the first match', async () => {
    await gw?.stop();
    gw = await startTestGateway({ mode: 'deferred', upstreams: { servers: { manual: FIXTURE_UPSTREAM('manual') } } });
    const client = await gw.connect();
    const found = JSON.parse(textOf(await client.callTool({ name: 'tool_search', arguments: { query: 'send a mail', max_results: 1 } })).split('\n')[0]!) as Record<string, string>[];
    assert.match(found[0]!.server_instructions ?? '', /Always confirm/);
    assert.doesNotMatch(found[0]!.server_instructions ?? '', /Rule 5 for mail/);
    assert.match(found[0]!.instructions_part ?? '', /Rule 5 for mail/);
    assert.doesNotMatch(textOf(await client.callTool({ name: 'call_tool', arguments: { name: found[0]!.name, arguments: {} } })), /Rule 5 for mail/, 'already given with the match');
  });

  test("a real server's instructions: server-everything's cost less up front, the rest comes with its tools", async () => {
    await gw?.stop();
    gw = await startTestGateway({ mode: 'full', upstreams: { servers: { everything: REAL_UPSTREAMS('/tmp').everything } } });
    const original = gw.gateway.upstreams.get('everything')!.instructions ?? '';
    const client = await gw.connect();
    const upfront = client.getInstructions() ?? '';
    assert.ok(original.length > 0);
    assert.ok(countTokens(upfront, 'o200k_base') < countTokens(original, 'o200k_base') * 0.75, `${countTokens(upfront, 'o200k_base')} of ${countTokens(original, 'o200k_base')} tokens up front`);
    const echoed = textOf(await client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } }));
    const part = gw.gateway.instructionParts('everything')!.partOf('echo')!;
    assert.ok(echoed.includes(part.text), 'the part comes word for word');
  });
});
