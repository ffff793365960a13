import type { Plugin } from 'vite'

/**
 * @gateway/shared defines zod schemas (the server's) at the top level of the same modules as the
 * constants the console imports. A bundler must assume that a call such as `name.optional()` may
 * have effects, so every schema of an imported module stayed in the console, and zod with them
 * (25 KB gzip on first load). Those definitions only build values: this wraps each top-level
 * `const x = <call>` of a shared module in a pure-annotated arrow call, so a definition nobody
 * reads is dropped like an unused constant.
 */
export function pureSharedDefinitions(): Plugin {
  const shared = /[\\/]packages[\\/]shared[\\/]src[\\/][^?]*\.ts$/
  return {
    name: 'pure-shared-definitions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!shared.test(id)) return null
      const edits: { start: number; end: number }[] = []
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
        if (declaration?.type !== 'VariableDeclaration') continue
        for (const { init } of declaration.declarations) {
          if (init?.type !== 'CallExpression') continue
          // The AST's offsets must be the string's (not bytes): a call's text ends with its ')'.
          if (!code.slice(init.start, init.end).endsWith(')'))
            this.error(`unexpected call text in ${id} at ${init.start}`)
          edits.push({ start: init.start, end: init.end })
        }
      }
      let out = code
      for (const { start, end } of edits.reverse()) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`
      }
      return edits.length > 0 ? { code: out, map: null } : null
    },
  }
}
