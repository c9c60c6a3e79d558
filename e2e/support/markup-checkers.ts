// The two HTML checkers the served pages must pass with no error: the Nu Html Checker (vnu.jar, the W3C
// validator's engine, run on Debian's Java, which scripts/test.sh installs) and html-validate.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HtmlValidate, type ConfigData } from 'html-validate';

/** A document as served: a name for the reports and its HTML. */
export interface ServedDocument {
  name: string;
  html: string;
}

/** Each document's errors, one line each; a document without errors is absent. */
export type CheckerErrors = Record<string, string[]>;

/**
 * The checker's CSS grammar predates CSS that every current browser reads and Tailwind's stylesheet (inlined in each
 * page's head) uses: `@property` (CSS Properties and Values), a custom property in `transition-property`, and
 * `margin-trim` inside an `@supports` test. Only these three messages are set aside; any other CSS error counts.
 */
const NU_CSS_GRAMMAR_GAPS = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
];

interface NuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

export function nuCheckerErrors(documents: ServedDocument[]): CheckerErrors {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'brightwave-markup-'));
  try {
    const files = documents.map(({ name, html }) => {
      const file = path.join(folder, `${name.replace(/[^\w-]+/g, '_')}.html`);
      fs.writeFileSync(file, html);
      return { name, file, url: `file:${file}` };
    });
    // One run for every document: the Java start-up is most of the time. A run this short is over before the
    // optimising compiler pays off: the quick compiler alone and one GC thread take half the CPU time (the
    // checker's schema needs a deeper thread stack than the default then).
    const java = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss4m'];
    const run = spawnSync(
      'java',
      [...java, '-jar', require.resolve('vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'json', '--stdout', ...files.map(({ file }) => file)],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (run.error) throw new Error(`The Nu Html Checker needs Java (Debian: default-jre-headless, installed by npm test): ${run.error.message}`);
    if (!run.stdout.trimStart().startsWith('{')) throw new Error(`The Nu Html Checker gave no report: ${run.stderr || run.stdout}`);
    const messages = (JSON.parse(run.stdout) as { messages: NuMessage[] }).messages;
    const errors: CheckerErrors = {};
    for (const message of messages) {
      if (NU_CSS_GRAMMAR_GAPS.some((gap) => gap.test(message.message))) continue;
      const name = files.find(({ url }) => message.url === url)?.name ?? message.url ?? 'the checker';
      (errors[name] ??= []).push(`${message.lastLine ?? '?'}:${message.firstColumn ?? '?'} ${message.type}: ${message.message}`);
    }
    return errors;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * html-validate's recommended rules and its document rules. Where a rule checks how the markup is spelled rather
 * than what it means, it follows the two writers of our HTML, React's server renderer and Vite, which spell alike
 * things differently (`<link />` and `<link>`, `hidden=""` and `crossorigin`): those spellings are left free, and
 * so are attribute names as React writes its props (`autoComplete`; HTML attribute names are case-insensitive) and
 * React's `useId()` ids (valid HTML ids that begin with `_`).
 */
const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    'void-style': 'off',
    'attribute-empty-style': 'off',
    'doctype-style': ['error', { style: 'lowercase' }],
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attr-case': 'off',
    'valid-id': ['error', { relaxed: true }],
    // The collapsing mobile menu takes its duration from the shared animation constant, as a style attribute.
    'no-inline-style': 'off',
    // Search engines' advice on a title's length, not markup: the page titles are the product's text.
    'long-title': 'off',
    // Subresource integrity guards what another origin serves; every script and stylesheet here is our own.
    'require-sri': ['error', { target: 'crossorigin' }],
  },
};

export async function htmlValidateErrors(documents: ServedDocument[]): Promise<CheckerErrors> {
  const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);
  const errors: CheckerErrors = {};
  for (const { name, html } of documents) {
    const report = await validator.validateString(html, `${name}.html`);
    for (const message of report.results.flatMap((result) => result.messages)) {
      (errors[name] ??= []).push(`${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector ?? 'document'})`);
    }
  }
  return errors;
}
