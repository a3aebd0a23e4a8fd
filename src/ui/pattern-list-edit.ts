/**
 * Adding and removing one pattern in a gateway config's `enable`/`disable` list, as text: the
 * user's layout is kept, and removing what was added gives the text back as it was, so a change
 * made from the page and its reverse leave the file byte for byte as before.
 */
import { findNodeAtLocation, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { eolOf, indentUnit, lineIndent } from '../fs/edit-json.js';

/** `["disable"]`, or `["agents", name, "disable"]` for an agent's section. */
export type ListPath = readonly (string | number)[];

function listNode(text: string, path: ListPath): Node | undefined {
  const tree = parseTree(text);
  const node = tree && findNodeAtLocation(tree, path as JSONPath);
  return node?.type === 'array' ? node : undefined;
}

/** The patterns of a list, as written (strings only). */
export function patternsAt(text: string, path: ListPath): string[] {
  return (listNode(text, path)?.children ?? []).filter((c) => c.type === 'string').map((c) => c.value as string);
}

const quoted = (pattern: string) => JSON.stringify(pattern);

/** The text with `pattern` appended to the list at `path` (the list and its parents created when missing). */
export function addPattern(text: string, path: ListPath, pattern: string): string {
  const list = listNode(text, path);
  if (!list) return insertMissing(text.trim() ? text : '{}\n', path, pattern);
  const items = list.children ?? [];
  const closing = list.offset + list.length - 1;
  if (!items.length) return `${text.slice(0, list.offset)}[${quoted(pattern)}]${text.slice(closing + 1)}`;
  const last = items[items.length - 1]!;
  const end = last.offset + last.length;
  const inside = text.slice(list.offset, list.offset + list.length);
  if (!inside.includes('\n')) return `${text.slice(0, end)}, ${quoted(pattern)}${text.slice(end)}`;
  // One item a line: the new one on its own line, indented as the last.
  return `${text.slice(0, end)},${eolOf(text)}${lineIndent(text, last.offset)}${quoted(pattern)}${text.slice(end)}`;
}

/**
 * The text without `pattern` in the list at `path`. A list this empties is removed with its key,
 * and so is an agent section (and `agents`) left empty: they held only what was removed.
 */
export function removePattern(text: string, path: ListPath, pattern: string): string {
  const list = listNode(text, path);
  const items = list?.children ?? [];
  const index = items.findIndex((c) => c.type === 'string' && c.value === pattern);
  if (!list || index === -1) return text;
  if (items.length === 1) return removeEmptied(removeProperty(text, path), path.slice(0, -1));
  const item = items[index]!;
  // The item with the separator before it, or (the first) with the one after it.
  const [from, to] = index > 0 ? [items[index - 1]!.offset + items[index - 1]!.length, item.offset + item.length] : [item.offset, items[1]!.offset];
  return `${text.slice(0, from)}${text.slice(to)}`;
}

/** Remove the objects on `path` (innermost first) that were left with no key. */
function removeEmptied(text: string, path: ListPath): string {
  for (let depth = path.length; depth > 0; depth--) {
    const at = path.slice(0, depth);
    const tree = parseTree(text);
    const node = tree && findNodeAtLocation(tree, at as JSONPath);
    if (!node || node.type !== 'object' || (node.children?.length ?? 0) > 0) break;
    text = removeProperty(text, at);
  }
  return text;
}

/**
 * The list created with its first pattern, under the deepest object of `path` that exists: one
 * new key, laid out in the file's indentation, written after the object's last key so that
 * removing it again is cutting out exactly what was put in.
 */
function insertMissing(text: string, path: ListPath, pattern: string): string {
  const tree = parseTree(text);
  if (!tree || tree.type !== 'object') return text;
  let depth = 0;
  let object: Node = tree;
  for (; depth < path.length - 1; depth++) {
    const next = findNodeAtLocation(tree, path.slice(0, depth + 1) as JSONPath);
    if (!next || next.type !== 'object') break;
    object = next;
  }
  const value = path.slice(depth + 1).reduceRight<unknown>((inner, key) => ({ [key]: inner }), [pattern]);
  const key = String(path[depth]);
  const eol = eolOf(text);
  const unit = indentUnit(text);
  const props = object.children ?? [];
  const own = object.offset + object.length;
  const inside = text.slice(object.offset, own);
  if (props.length && !inside.includes('\n')) {
    const last = props[props.length - 1]!;
    return `${text.slice(0, last.offset + last.length)}, ${JSON.stringify(key)}: ${JSON.stringify(value)}${text.slice(last.offset + last.length)}`;
  }
  const indent = props.length ? lineIndent(text, props[props.length - 1]!.offset) : lineIndent(text, object.offset) + unit;
  const body = `${JSON.stringify(key)}: ${JSON.stringify(value, null, unit).split('\n').join(eol + indent)}`;
  if (props.length) {
    const last = props[props.length - 1]!;
    return `${text.slice(0, last.offset + last.length)},${eol}${indent}${body}${text.slice(last.offset + last.length)}`;
  }
  return `${text.slice(0, object.offset)}{${eol}${indent}${body}${eol}${lineIndent(text, object.offset)}}${text.slice(own)}`;
}

/** The text without the key at `path`: cut with the separator before it, or (the first key) the one after it. */
function removeProperty(text: string, path: ListPath): string {
  const tree = parseTree(text);
  const property = tree && findNodeAtLocation(tree, path as JSONPath)?.parent;
  const object = property?.parent;
  if (!property || !object) return text;
  const props = object.children ?? [];
  const index = props.indexOf(property);
  if (props.length === 1) return `${text.slice(0, object.offset)}{}${text.slice(object.offset + object.length)}`;
  const [from, to] = index > 0 ? [props[index - 1]!.offset + props[index - 1]!.length, property.offset + property.length] : [property.offset, props[1]!.offset];
  return `${text.slice(0, from)}${text.slice(to)}`;
}
