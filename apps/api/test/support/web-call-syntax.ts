import ts from 'typescript';

/**
 * The pieces of syntax web-calls.ts reads paths and methods with: the values an expression can have (with the
 * conditions each one assumes) and the few shapes of function and literal it follows. Parsing only, no type checker.
 */

/**
 * One text an expression can have, with the conditions it assumes: `cond ? a : b` gives `a` when `cond` is true and
 * `b` when it is false, so a path and a method written with the same condition pair up instead of mixing (a PUT to
 * the template's address and a POST to the list's, never a PUT to the list's).
 */
export interface Variant {
  text: string;
  when: Readonly<Record<string, boolean>>;
}

/** The texts an expression can have, or why it has none that can be read. */
export type Texts = { variants: Variant[] } | { reason: string };

export const MAX_VARIANTS = 32;

export function literal(text: string): Texts {
  return { variants: [{ text, when: {} }] };
}

/** Every pairing of an `a` with a `b` whose conditions agree, joined by `join`. */
export function combine(a: Texts, b: Texts, join: (a: string, b: string) => string): Texts {
  if ('reason' in a) return a;
  if ('reason' in b) return b;
  const variants = a.variants.flatMap((left) =>
    b.variants.flatMap((right) => {
      const when = { ...left.when };
      for (const [condition, value] of Object.entries(right.when)) {
        if (when[condition] === !value) return [];
        when[condition] = value;
      }
      return [{ text: join(left.text, right.text), when }];
    }),
  );
  return variants.length > MAX_VARIANTS ? { reason: 'has too many variants' } : { variants };
}

/** The texts of either expression. */
export function either(a: Texts, b: Texts): Texts {
  if ('reason' in a) return a;
  if ('reason' in b) return b;
  const seen = new Set<string>();
  const variants = [...a.variants, ...b.variants].filter((variant) => {
    const key = JSON.stringify(variant);
    return !seen.has(key) && seen.add(key);
  });
  return variants.length > MAX_VARIANTS ? { reason: 'has too many variants' } : { variants };
}

/** The texts assuming `condition` has `value`; the variants that assume otherwise are dropped. */
export function assuming(texts: Texts, condition: ts.Expression, value: boolean): Texts {
  if ('reason' in texts) return texts;
  const key = condition.getText().replace(/\s+/g, ' ');
  const variants = texts.variants
    .filter((variant) => variant.when[key] !== !value)
    .map((variant) => ({ text: variant.text, when: { ...variant.when, [key]: value } }));
  return { variants };
}

/** The strings of a parameter typed with string literals (`change: 'add' | 'remove'`), if it is. */
export function literalTypeTexts(parameter: ts.ParameterDeclaration): Texts | undefined {
  const type = parameter.type;
  if (!type) return undefined;
  const members = ts.isUnionTypeNode(type) ? [...type.types] : [type];
  const texts = members.map((member) =>
    ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? member.literal.text : undefined,
  );
  if (texts.some((text) => text === undefined)) return undefined;
  return { variants: texts.map((text) => ({ text: text!, when: {} })) };
}

export function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

export type FunctionNode = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration;
export type Declaration = ts.VariableDeclaration | ts.FunctionDeclaration | ts.ParameterDeclaration;

/** A named function of a file: a function declaration, or a const holding an arrow or a function expression. */
export interface Helper {
  name: string;
  declaration: ts.VariableDeclaration | ts.FunctionDeclaration;
  fn: FunctionNode;
}

export function isFunction(node: ts.Node): node is FunctionNode {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node);
}

/** The named function a node is written in, when the nearest function around it has a name. */
export function enclosingHelper(node: ts.Node): Helper | undefined {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !isFunction(fn)) fn = fn.parent;
  if (!fn || !isFunction(fn)) return undefined;
  if (ts.isFunctionDeclaration(fn) && fn.name) return { name: fn.name.text, declaration: fn, fn };
  const holder = fn.parent;
  if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) {
    return { name: holder.name.text, declaration: holder, fn };
  }
  return undefined;
}

/** Whether a helper is exported where it is declared (`export function`, `export const`). */
export function isExported(helper: Helper): boolean {
  const statement = ts.isVariableDeclaration(helper.declaration)
    ? helper.declaration.parent.parent
    : helper.declaration;
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** Every expression a function returns: its expression body, or its return statements (not nested functions'). */
export function returnedExpressions(fn: FunctionNode): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const returned: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
    else if (!isFunction(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return returned;
}

/**
 * The declaration a name refers to where it is written: the nearest parameter, const or function declaration in
 * the scopes around it (a `let` or anything else is not followed: its value may change).
 */
export function declarationOf(name: ts.Identifier): Declaration | undefined {
  for (let scope: ts.Node | undefined = name.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const parameter = scope.parameters.find((p) => bindsName(p.name, name.text));
      if (parameter) return ts.isIdentifier(parameter.name) ? parameter : undefined;
    }
    const statements = (scope as { statements?: ts.NodeArray<ts.Statement> }).statements;
    for (const statement of statements ?? []) {
      if (ts.isFunctionDeclaration(statement) && statement.name?.text === name.text) return statement;
      if (!ts.isVariableStatement(statement)) continue;
      if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      const found = statement.declarationList.declarations.find(
        (d) => ts.isIdentifier(d.name) && d.name.text === name.text,
      );
      if (found) return found;
    }
  }
  return undefined;
}

function bindsName(binding: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some(
    (element) => !ts.isOmittedExpression(element) && bindsName(element.name, name),
  );
}

/** `encodeURIComponent(projectId)` -> `{projectId}`: named after the interpolated expression's last identifier. */
export function placeholder(expression: ts.Expression): string {
  const names = expression.getText().match(/[A-Za-z_$][\w$]*/g);
  return `{${names?.at(-1) ?? 'param'}}`;
}

/** A literal's text with every interpolation a placeholder, resolved or not. */
export function looseText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression) {
  if (!ts.isTemplateExpression(node)) return node.text;
  const spans = node.templateSpans.map((span) => `${placeholder(span.expression)}${span.literal.text}`);
  return node.head.text + spans.join('');
}

/** A path without its query string or fragment. */
export function withoutQuery(text: string): string {
  return text.replace(/[?#].*$/, '');
}
