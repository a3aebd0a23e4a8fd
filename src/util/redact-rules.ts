/**
 * What counts as a secret, as data: the names that hold one (query parameters, flags, `NAME=value`
 * arguments, headers, JSON keys) and the shapes of vendors' keys, each entry with where it comes
 * from. redact.ts is the code that reads them; test/redact.test.ts holds a case per entry.
 */

/**
 * A name holds a secret when its last word is one of these. Names are split into lowercase words
 * at `-`, `_`, `.`, spaces and camelCase humps: `X-Api-Key`, `client_secret`, `accessToken`.
 */
export const SECRET_LAST_WORDS: Readonly<Record<string, string>> = {
  key: 'api_key, x-api-key, SECRET_KEY, --api-key: the usual name of an API key',
  apikey: 'apikey, APIKey, x-apikey: the same written as one word',
  token: 'token, access_token (OAuth 2.0, RFC 6749 §4.2.2), refresh_token, X-Auth-Token, GITHUB_TOKEN',
  secret: 'client_secret (RFC 6749 §2.3.1), --secret, WEBHOOK_SECRET',
  password: '--password, DB_PASSWORD, password= in connection strings',
  passwd: 'passwd: the Unix spelling',
  pwd: 'pwd= in ODBC connection strings and --pwd flags',
  pass: '--pass, SMTP_PASS',
  passphrase: '--passphrase: keys protected by one',
  auth: 'auth=, --auth user:pw, BASIC_AUTH',
  authorization: 'Authorization and Proxy-Authorization headers (RFC 9110 §11.6)',
  credential: 'X-Amz-Credential (AWS SigV4 query auth), --credential',
  credentials: '--credentials, GOOGLE_CREDENTIALS',
  sig: 'sig= in Azure shared access signatures (SAS)',
  signature: 'X-Amz-Signature (AWS SigV4 presigned URLs), Signature= (CloudFront signed URLs)',
  cookie: 'Cookie and Set-Cookie headers carry session ids',
  bearer: '--bearer: a bearer token',
  jwt: '--jwt, SUPABASE_JWT',
  pat: 'GITLAB_PAT, --pat: personal access tokens',
};

/** A name holds a secret when one of its words contains one of these: `PGPASSWORD`, `OPENAIAPIKEY`. */
export const SECRET_INNER_WORDS: Readonly<Record<string, string>> = {
  password: 'PGPASSWORD (libpq), MYSQL_ROOTPASSWORD: password run into another word',
  passwd: 'the Unix spelling, run into another word',
  apikey: 'OPENAIAPIKEY, myApikey: api key run into another word',
  secret: 'AWSSECRET, clientsecret: secret run into another word',
};

/** Words that make a name not a secret's, whatever else it holds. */
export const NOT_SECRET_WORDS: Readonly<Record<string, string>> = {
  public: 'public_key, NEXT_PUBLIC_API_KEY: meant to be seen',
  publishable: 'Stripe publishable keys (pk_…) are shipped to browsers',
  no: '--no-auth: a switch, and the next argument is not its value',
};

export interface ShapeRule {
  id: string;
  /** Global; the whole match is the secret. */
  pattern: RegExp;
  /** Where the shape is documented. */
  source: string;
  /** A further check on a match, for prefixes that ordinary words can start with. */
  accept?: (match: string) => boolean;
}

const hasDigit = (text: string): boolean => /\d/.test(text);

/**
 * Secrets recognised by their shape wherever they stand: a vendor's prefix and the length its
 * tokens have. Lengths are kept a little looser than the vendors' so test keys match too.
 */
export const SECRET_SHAPES: readonly ShapeRule[] = [
  {
    id: 'anthropic',
    pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g,
    source: 'Anthropic API keys start sk-ant- (sk-ant-api03-…, admin keys sk-ant-admin01-…): docs.anthropic.com, API keys',
  },
  {
    id: 'openai',
    pattern: /\bsk-[A-Za-z0-9_-]{20,}/g,
    source: 'OpenAI API keys start sk- (sk-proj-…, sk-svcacct-…): platform.openai.com, API keys; also DeepSeek, OpenRouter (sk-or-v1-…)',
    // Real keys always hold digits; a hyphenated word such as sk-something-long-enough never does.
    accept: hasDigit,
  },
  {
    id: 'stripe',
    pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{10,}/g,
    source: 'Stripe secret and restricted keys: sk_live_, sk_test_, rk_live_, rk_test_ (docs.stripe.com/keys)',
  },
  {
    id: 'github',
    pattern: /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
    source: 'GitHub tokens: ghp_ (classic PAT), gho_ (OAuth), ghu_/ghs_ (app user/server), ghr_ (refresh); github.blog 2021-04-05 "Behind GitHub\'s new authentication token formats"',
  },
  {
    id: 'github-fine-grained',
    pattern: /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
    source: 'GitHub fine-grained personal access tokens start github_pat_ (docs.github.com, managing your personal access tokens)',
  },
  {
    id: 'gitlab',
    pattern: /\bgl(?:pat|oas|dt|rt|cbt|ptt|ft|imt|agent|soat)-[A-Za-z0-9_-]{20,}/g,
    source: 'GitLab token prefixes: glpat- (personal), gloas-, gldt- (deploy), glrt- (runner)… (docs.gitlab.com/security/tokens)',
  },
  {
    id: 'slack',
    pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g,
    source: 'Slack tokens: xoxb- (bot), xoxp- (user), xoxa-/xoxr-/xoxe- (rotating), xoxs- (api.slack.com/concepts/token-types)',
  },
  {
    id: 'slack-app',
    pattern: /\bxapp-\d-[A-Za-z0-9-]{10,}/g,
    source: 'Slack app-level tokens start xapp- (api.slack.com/concepts/token-types)',
  },
  {
    id: 'aws-access-key-id',
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g,
    source: 'AWS access key ids: AKIA (long-term), ASIA (STS temporary) (IAM user guide, "Understanding unique ID prefixes")',
  },
  {
    id: 'google-api-key',
    pattern: /\bAIza[A-Za-z0-9_-]{35}/g,
    source: 'Google API keys start AIza and are 39 characters (cloud.google.com/docs/authentication/api-keys)',
  },
  {
    id: 'npm',
    pattern: /\bnpm_[A-Za-z0-9]{36}\b/g,
    source: 'npm access tokens start npm_ (github.blog 2021-09-23 "npm access tokens now have an identifiable prefix")',
  },
  {
    id: 'huggingface',
    pattern: /\bhf_[A-Za-z0-9]{30,}/g,
    source: 'Hugging Face user access tokens start hf_ (huggingface.co/docs/hub/security-tokens)',
  },
  {
    id: 'jwt',
    pattern: /\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
    source: 'JSON Web Tokens (RFC 7519): base64url header and payload, both JSON objects, so both start eyJ ("{\\"")',
  },
  {
    id: 'private-key',
    pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g,
    source: 'PEM private keys (RFC 7468): RSA, EC, OPENSSH, ENCRYPTED…; to the end of the text when a tail cut the END line',
  },
];

/**
 * Tokens with no prefix are told by look: a run of letters and digits this long, whose digits
 * and letters alternate this often, is random (a hex or base62 key, a SHA). Words, package names,
 * UUIDs (runs of 12 at most) and camelCase identifiers have long runs of letters instead.
 */
export const RANDOM_RUN = { minLength: 24, minDigitLetterSwitches: 4 } as const;
