// wasm-bindgen writes a module's JavaScript snippets beside its glue
// (`snippets/<crate>/inlineN.js`) and has the glue import them. Here each is
// written into the glue that imports it, in a scope of its own, and the
// folder goes: the glue imports no file, so a browser fetches it in one round
// trip, and a bundler that copies it under another name (Vite does, with
// the files a package names by `new URL(…, import.meta.url)`) leaves nothing
// behind. A snippet's `import.meta.url` is then the glue's, which is what
// src/web/snippet.rs counts on. Run by tools/post-build.mjs, first.
import fs from 'node:fs'
import path from 'node:path'

// `import * as x from './snippets/…'` or `import { a, b as c } from './snippets/…'`
const IMPORT = /import\s*(\*\s*as\s*([\w$]+)|\{([^}]*)\})\s*from\s*(["'])\.\/(snippets\/[\w./-]+\.js)\4\s*;?/g
// A snippet's exports: declarations marked `export`, at the start of a line
const EXPORT = /^export\s+((?:async\s+)?function\*?\s+([\w$]+)|(?:const|let|class)\s+([\w$]+))/gm

// The snippet's text as an expression: its exports as an object's fields
export function asExpression(source, file) {
  const names = []
  const body = source.replace(EXPORT, (_, declaration, fn, other) => { names.push(fn ?? other); return declaration })
  if (/^\s*export\b/m.test(body)) throw new Error(`inline-snippets: ${file} exports in a way not read here`)
  if (/^\s*import\b/m.test(body)) throw new Error(`inline-snippets: ${file} imports a module`)
  return `(() => {\n${body}\nreturn { ${names.join(', ')} }\n})()`
}

// The glue with its snippets' imports replaced by the snippets themselves,
// each run once however often it is imported (wasm-bindgen imports one by
// its names and again as a whole, for the wasm's imports)
export function inlineSnippet(glue, read) {
  const made = new Map()
  const replaced = glue.replace(IMPORT, (_, how, namespace, named, quote, file) => {
    if (!made.has(file)) made.set(file, `__snippet${made.size}`)
    const value = made.get(file)
    if (namespace) return `const ${namespace} = ${value};`
    const fields = named.split(',').map(s => s.trim()).filter(Boolean)
      .map(s => s.replace(/^([\w$]+)\s+as\s+([\w$]+)$/, '$1: $2'))
    return `const { ${fields.join(', ')} } = ${value};`
  })
  const snippets = [...made].map(([file, name]) => `const ${name} = ${asExpression(read(file), file)};\n`)
  return snippets.join('') + replaced
}

export function inlineSnippets(dir) {
  const glues = fs.readdirSync(dir).filter(file => file.endsWith('.js'))
  for (const name of glues) {
    const file = path.join(dir, name)
    const glue = fs.readFileSync(file, 'utf8')
    const inlined = inlineSnippet(glue, snippet => fs.readFileSync(path.join(dir, snippet), 'utf8'))
    if (inlined !== glue) fs.writeFileSync(file, inlined)
    // (the wasm's imports still name the snippet's module: that is a key)
    if (/(^|[;\n])\s*import[^;'"]*["']\.\/snippets\//.test(inlined)) throw new Error(`inline-snippets: ${name} still imports a snippet`)
  }
  fs.rmSync(path.join(dir, 'snippets'), { recursive: true, force: true })
}
