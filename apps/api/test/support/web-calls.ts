import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  assuming,
  combine,
  declarationOf,
  either,
  enclosingHelper,
  type Helper,
  isExported,
  isFunction,
  literal,
  literalTypeTexts,
  looseText,
  placeholder,
  returnedExpressions,
  type Texts,
  unwrap,
  withoutQuery,
} from './web-call-syntax';

/**
 * The calls the web app makes to the API, read from its source with the TypeScript parser (no type checker, so a
 * pass over the whole app takes about a second):
 *
 * - every `http.request(path, schema, options?)` and `http.send(path, options?)`: `http` is the name the app gives
 *   its HttpClient, and any other name a file declares as one (typed HttpClient, or made by a client factory) is read
 *   too. The client puts `/api` before the path, so paths are written without it;
 * - every address written whole: a string or template that begins with `/api/`, or with a scheme and a host before it
 *   (the live websocket's `${scheme}//${location.host}/api/live`). It is a GET: a link, a download, a websocket.
 *
 * The method is the options' `method`, followed through spreads and consts; GET without one. A path is a literal, a
 * template, a condition between them, or a const or a function of the same file that gives one (followed up to twelve
 * steps); a parameter typed with string literals (`change: 'add' | 'remove'`) gives each of them. A `${...}` that
 * cannot be resolved so becomes a placeholder for one path segment; a query string is dropped. A call whose path is
 * a parameter of a named helper of its file (`const post = (http, path, body) => http.request(path, ...)`) is read at
 * each call of the helper in the file. A call whose path or method still cannot be read is returned as unresolved,
 * with the reason, for the caller to refuse or to allow by name.
 */

export interface SourceText {
  /** Relative to the repository, with forward slashes. */
  file: string;
  text: string;
}

export interface WebCall {
  file: string;
  line: number;
  method: string;
  /** With the `/api` prefix; a placeholder is written `{name}`, after the interpolated expression. */
  path: string;
}

export interface UnresolvedCall {
  file: string;
  line: number;
  /** The call's first line of source, which an allowlist entry names. */
  code: string;
  reason: string;
}

export interface WebCalls {
  calls: WebCall[];
  unresolved: UnresolvedCall[];
}

/** The client's `baseUrl` in the app (apps/web/src/lib/auth/auth-service.ts and app/public-app.tsx). */
export const API_PREFIX = '/api';
const CLIENT_NAME = 'http';
const CLIENT_METHODS = new Set(['request', 'send']);
const CLIENT_TYPE = 'HttpClient';
const CLIENT_FACTORIES = new Set(['useHttpClient', 'createHttpClient', 'createPublicHttpClient']);
/** Tests, and the fixtures only tests import: what they call is mocked, not sent by the app. */
const TEST_FILE = /(\.test|-fixtures|-test-http)\.tsx?$/;
const WHOLE_ADDRESS = /^(?:\{[^}]*\}|[a-z]+:)?(?:\/\/[^/]+)?(\/api\/.*)$/;
const MAX_DEPTH = 12;

/** Every non-test .ts/.tsx file under `dir`, named relative to `root`, in a stable order. */
export function webSources(root: string, dir: string): SourceText[] {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.tsx?$/.test(entry.name) && !TEST_FILE.test(entry.name) ? [full] : [];
    });
  return walk(dir)
    .sort()
    .map((full) => ({
      file: path.relative(root, full).split(path.sep).join('/'),
      text: readFileSync(full, 'utf8'),
    }));
}

export function extractWebCalls(sources: readonly SourceText[]): WebCalls {
  const result: WebCalls = { calls: [], unresolved: [] };
  for (const source of sources) {
    const kind = source.file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true, kind);
    new FileReader(sf, result).read();
  }
  return result;
}

class FileReader {
  /** The names this file gives its HttpClients. */
  private readonly clients = new Set([CLIENT_NAME]);
  /** A helper's parameters, given the arguments of the call of the helper being read (see readClientCall). */
  private readonly bound = new Map<ts.ParameterDeclaration, ts.Expression>();

  constructor(
    private readonly sf: ts.SourceFile,
    private readonly out: WebCalls,
  ) {}

  read(): void {
    const declarations = (node: ts.Node): void => {
      this.noteClientName(node);
      ts.forEachChild(node, declarations);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && this.receiver(node) !== undefined) this.readCall(node);
      else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) this.readAddress(node);
      else if (ts.isTemplateExpression(node)) this.readAddress(node);
      ts.forEachChild(node, visit);
    };
    declarations(this.sf);
    visit(this.sf);
  }

  /** The name of the object whose `request` or `send` the call is, when it is a plain name. */
  private receiver(call: ts.CallExpression): string | undefined {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || !CLIENT_METHODS.has(callee.name.text)) return undefined;
    return ts.isIdentifier(callee.expression) ? callee.expression.text : undefined;
  }

  private isClientCall(node: ts.Node): boolean {
    return ts.isCallExpression(node) && this.clients.has(this.receiver(node) ?? '');
  }

  private noteClientName(node: ts.Node): void {
    if (!ts.isVariableDeclaration(node) && !ts.isParameter(node)) return;
    if (!ts.isIdentifier(node.name)) return;
    const typed =
      node.type && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === CLIENT_TYPE;
    const init = ts.isVariableDeclaration(node) && node.initializer ? unwrap(node.initializer) : undefined;
    const made = init && ts.isCallExpression(init) && CLIENT_FACTORIES.has(init.expression.getText());
    if (typed || made) this.clients.add(node.name.text);
  }

  /**
   * A client call; or what looks like one on an object the file does not declare as a client (an HttpClient handed
   * in under another name), which is reported when its first argument is a path literal, so it cannot pass unread.
   */
  private readCall(call: ts.CallExpression): void {
    if (this.isClientCall(call)) return this.readClientCall(call);
    const [first] = call.arguments;
    if (
      first &&
      (ts.isStringLiteral(first) || ts.isTemplateLiteral(first)) &&
      first.getText().startsWith('/', 1)
    ) {
      this.unresolved(call, `\`${this.receiver(call)}\` is not declared as an HttpClient in its file`);
    }
  }

  private readClientCall(call: ts.CallExpression): void {
    const failure = this.readClientCallAt(call, call);
    if (failure === undefined) return;
    const helper = enclosingHelper(call);
    const sites = helper ? this.callsOf(helper) : [];
    if (!helper || sites.length === 0) return this.unresolved(call, failure);
    // Only the helper's calls in its own file are read: exported, it could be called unread from elsewhere.
    if (isExported(helper)) this.unresolved(call, `${failure}, and \`${helper.name}\` is exported`);
    for (const site of sites) {
      helper.fn.parameters.forEach((parameter, index) => {
        const argument = site.arguments[index];
        if (argument) this.bound.set(parameter, argument);
      });
      const siteFailure = this.readClientCallAt(call, site);
      this.bound.clear();
      if (siteFailure !== undefined) this.unresolved(site, siteFailure);
    }
  }

  /** Records the call's methods and paths at `site`, or answers why they cannot be read. */
  private readClientCallAt(call: ts.CallExpression, site: ts.Node): string | undefined {
    const name = (call.expression as ts.PropertyAccessExpression).name.text;
    const [pathArgument] = call.arguments;
    const options = name === 'request' ? call.arguments[2] : call.arguments[1];
    const paths = pathArgument ? this.texts(pathArgument, 0) : { reason: 'is missing' };
    if ('reason' in paths) return `its path ${paths.reason}`;
    const relative = paths.variants.find((variant) => !variant.text.startsWith('/'));
    if (relative) return `its path ${JSON.stringify(relative.text)} does not begin with /`;
    const methods = options ? this.methods(options, 0) : literal('');
    // The pairs of a path and a method whose conditions agree; `|` cannot occur in either.
    const pairs = combine(methods, paths, (method, written) => `${method || 'GET'}|${withoutQuery(written)}`);
    if ('reason' in pairs) return `its method ${pairs.reason}`;
    for (const { text } of pairs.variants) {
      const [method, written] = text.split('|') as [string, string];
      this.found(site, method, `${API_PREFIX}${written}`);
    }
    return undefined;
  }

  private callsOf(helper: Helper): ts.CallExpression[] {
    const sites: ts.CallExpression[] = [];
    const visit = (node: ts.Node): void => {
      const callee = ts.isCallExpression(node) ? node.expression : undefined;
      if (callee && ts.isIdentifier(callee) && callee.text === helper.name) {
        if (declarationOf(callee) === helper.declaration) sites.push(node as ts.CallExpression);
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
    return sites;
  }

  /** A literal that is a whole API address (not a client call's path, which the client prefixes with `/api`). */
  private readAddress(
    node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression,
  ): void {
    if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return;
    if (this.isClientCall(node.parent)) return;
    const resolved = this.texts(node, 0);
    const texts = 'reason' in resolved ? [looseText(node)] : resolved.variants.map((variant) => variant.text);
    for (const text of texts) {
      const address = WHOLE_ADDRESS.exec(withoutQuery(text));
      if (address) this.found(node, 'GET', address[1]!);
    }
  }

  /** The texts an expression can have; an interpolation that cannot be resolved is a placeholder. */
  private texts(expression: ts.Expression, depth: number): Texts {
    const node = unwrap(expression);
    if (depth > MAX_DEPTH) return { reason: `${this.code(node)} refers too deep` };
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return literal(node.text);
    if (ts.isTemplateExpression(node)) {
      let texts = literal(node.head.text);
      for (const span of node.templateSpans) {
        const start = node.head.text === '' && span === node.templateSpans[0];
        const value = this.texts(span.expression, depth + 1);
        if ('reason' in value && start) return { reason: `begins with \${${this.code(span.expression)}}` };
        const part = 'reason' in value ? literal(placeholder(span.expression)) : value;
        texts = combine(texts, part, (before, inserted) => `${before}${inserted}${span.literal.text}`);
      }
      return texts;
    }
    if (ts.isConditionalExpression(node)) {
      const whenTrue = assuming(this.texts(node.whenTrue, depth + 1), node.condition, true);
      return either(whenTrue, assuming(this.texts(node.whenFalse, depth + 1), node.condition, false));
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return combine(this.texts(node.left, depth + 1), this.texts(node.right, depth + 1), (a, b) => a + b);
    }
    const parameter = ts.isIdentifier(node) ? declarationOf(node) : undefined;
    if (parameter && ts.isParameter(parameter) && !this.bound.has(parameter)) {
      const typed = literalTypeTexts(parameter);
      if (typed) return typed;
    }
    const values = this.valuesOf(node);
    if (values.length > 0) return values.map((value) => this.texts(value, depth + 1)).reduce(either);
    return { reason: `${this.code(node)} is neither a literal nor a const of its file` };
  }

  /**
   * The options' methods, '' where none is given; the last `method` written wins, as in the object the call
   * builds, and a spread without one leaves the method before it.
   */
  private methods(expression: ts.Expression, depth: number): Texts {
    const node = unwrap(expression);
    if (depth > MAX_DEPTH) return { reason: `${this.code(node)} refers too deep` };
    if (ts.isObjectLiteralExpression(node)) {
      let methods = literal('');
      for (const property of node.properties) {
        if (ts.isSpreadAssignment(property)) {
          const spread = this.methods(property.expression, depth + 1);
          methods = combine(methods, spread, (before, spreadMethod) => spreadMethod || before);
        } else if (property.name?.getText() === 'method') {
          if (ts.isPropertyAssignment(property)) methods = this.texts(property.initializer, depth + 1);
          else if (ts.isShorthandPropertyAssignment(property)) methods = this.texts(property.name, depth + 1);
          else methods = { reason: `${this.code(property)} is not a plain property` };
        }
      }
      return methods;
    }
    if (ts.isConditionalExpression(node)) {
      const whenTrue = assuming(this.methods(node.whenTrue, depth + 1), node.condition, true);
      return either(whenTrue, assuming(this.methods(node.whenFalse, depth + 1), node.condition, false));
    }
    const values = this.valuesOf(node);
    if (values.length > 0) return values.map((value) => this.methods(value, depth + 1)).reduce(either);
    return { reason: `${this.code(node)} is neither an object literal nor a const of its file` };
  }

  /**
   * What a name or a call of a name stands for: a const's initializer, the expressions a function returns (its own
   * parameters then resolve to nothing, so they become placeholders), or the argument a bound parameter was given.
   */
  private valuesOf(node: ts.Expression): ts.Expression[] {
    const called = ts.isCallExpression(node) && ts.isIdentifier(node.expression);
    const name = ts.isIdentifier(node) ? node : called ? (node.expression as ts.Identifier) : undefined;
    const declaration = name && declarationOf(name);
    if (!declaration) return [];
    if (ts.isParameter(declaration)) {
      const argument = this.bound.get(declaration);
      return argument && !called ? [argument] : [];
    }
    if (!called) {
      return ts.isVariableDeclaration(declaration) && declaration.initializer
        ? [declaration.initializer]
        : [];
    }
    const initializer = ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
    const fn = initializer ? unwrap(initializer) : declaration;
    return isFunction(fn) ? returnedExpressions(fn) : [];
  }

  private found(node: ts.Node, method: string, apiPath: string): void {
    const call = {
      file: this.sf.fileName,
      line: this.line(node),
      method: method.toUpperCase(),
      path: apiPath,
    };
    const same = (other: WebCall) =>
      (['file', 'line', 'method', 'path'] as const).every((k) => other[k] === call[k]);
    if (!this.out.calls.some(same)) this.out.calls.push(call);
  }

  private unresolved(node: ts.Node, reason: string): void {
    const code = node.getText(this.sf).split('\n')[0]!.trim();
    this.out.unresolved.push({ file: this.sf.fileName, line: this.line(node), code, reason });
  }

  private line(node: ts.Node): number {
    return this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
  }

  private code(node: ts.Node): string {
    const text = node.getText(this.sf).replace(/\s+/g, ' ');
    return `\`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\``;
  }
}
