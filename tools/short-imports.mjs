// wasm-bindgen names every function a module imports from its glue
// `__wbg_<what it does>_<16 hex digits>`: 261 names and 15 KB in the page's
// module, written twice, in the wasm's import section and as the keys of the
// glue's import object, and hex digits do not compress. Here both get short
// names instead (a, b, … z, A, … Z, aa, ab, …), and the glue's module name
// ("./<module>_bg.js", repeated before every import) becomes one letter: the
// first download is 8.5 KB smaller gzipped (5.2 in the wasm, 3.2 in the
// glue). Only the names change: what is imported, and in what order, stays.
//
// Every name is checked as it is renamed: one that is not a key of the glue's
// import object exactly once, or is left anywhere in the glue afterwards,
// stops the build, as wasm-bindgen's glue would otherwise be broken without
// a word. Run by tools/post-build.mjs, after the glue is minified and before
// the hashes are written.
import fs from 'node:fs'
import path from 'node:path'

const IMPORT_SECTION = 2
// The kinds of import a module can have, and where each one's description
// ends (`at` is where it starts, after the kind's byte)
const DESCRIPTION_END = {
  0: (bytes, at) => skipLeb(bytes, at), // a function: its type's index
  1: (bytes, at) => limitsEnd(bytes, valueTypeEnd(bytes, at)), // a table: element type, limits
  2: (bytes, at) => limitsEnd(bytes, at), // a memory: limits
  3: (bytes, at) => valueTypeEnd(bytes, at) + 1, // a global: value type, mutability
  4: (bytes, at) => skipLeb(bytes, at + 1) // a tag: attribute, type's index
}
// A reference type with a heap type after it (`ref null ht`, `ref ht`)
const REFERENCE_TO = [0x63, 0x64]

function valueTypeEnd(bytes, at) {
  return REFERENCE_TO.includes(bytes[at]) ? skipLeb(bytes, at + 1) : at + 1
}

// Limits: flags, the least, and the most if the flags' lowest bit says so
function limitsEnd(bytes, at) {
  return skipLeb(bytes, at + 1, 1 + (bytes[at] & 1))
}

// The glue and wasm pairs wasm-bindgen wrote in `dir`
function modules(dir) {
  return fs.readdirSync(dir)
    .filter(file => file.endsWith('_bg.wasm'))
    .map(wasm => wasm.slice(0, -'_bg.wasm'.length))
    .filter(name => fs.existsSync(path.join(dir, `${name}.js`)))
}

export function shortenImports(dir) {
  for (const name of modules(dir)) {
    const wasmFile = path.join(dir, `${name}_bg.wasm`)
    const glueFile = path.join(dir, `${name}.js`)
    const { wasm, renamed } = renameImports(fs.readFileSync(wasmFile), `./${name}_bg.js`)
    const glue = renameKeys(fs.readFileSync(glueFile, 'utf8'), renamed, `./${name}_bg.js`, glueFile)
    fs.writeFileSync(wasmFile, wasm)
    fs.writeFileSync(glueFile, glue)
  }
}

// The short name of the `n`th import: a to z, A to Z, then two letters
export function shortName(n) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
  let name = ''
  for (n += 1; n > 0; n = Math.floor((n - 1) / letters.length)) name = letters[(n - 1) % letters.length] + name
  return name
}

// The module name the glue's imports take instead of `./<module>_bg.js`
export const GLUE_MODULE = 'w'

// Renames the imports from `glueModule` in the wasm `bytes`: a new wasm, and
// the old names and new, in order
function renameImports(bytes, glueModule) {
  const renamed = []
  const sections = []
  let at = 8
  while (at < bytes.length) {
    const id = bytes[at]
    const [size, bodyAt] = readLeb(bytes, at + 1)
    const end = bodyAt + size
    if (id === IMPORT_SECTION) {
      sections.push(section(id, importSection(bytes.subarray(bodyAt, end), glueModule, renamed)))
    } else {
      sections.push(bytes.subarray(at, end))
    }
    at = end
  }
  return { wasm: Buffer.concat([bytes.subarray(0, 8), ...sections]), renamed }
}

function importSection(body, glueModule, renamed) {
  const [count, first] = readLeb(body, 0)
  const parts = [leb(count)]
  let at = first
  for (let i = 0; i < count; i++) {
    const [module, nameAt] = readName(body, at)
    const [name, kindAt] = readName(body, nameAt)
    const describe = DESCRIPTION_END[body[kindAt]]
    if (!describe) throw new Error(`short-imports: an import of a kind this tool does not know (${body[kindAt]})`)
    const end = describe(body, kindAt + 1)
    const ours = module === glueModule
    const shortened = ours ? shortName(renamed.length) : name
    if (ours) renamed.push([name, shortened])
    parts.push(nameBytes(ours ? GLUE_MODULE : module), nameBytes(shortened), body.subarray(kindAt, end))
    at = end
  }
  if (at !== body.length) throw new Error('short-imports: the import section is longer than its imports')
  return Buffer.concat(parts)
}

// The glue with its import object's keys renamed, and its module's
function renameKeys(glue, renamed, glueModule, file) {
  const moduleKey = `${JSON.stringify(glueModule)}:`
  if (glue.split(moduleKey).length !== 2) throw new Error(`short-imports: ${file} does not name ${glueModule} exactly once`)
  glue = glue.replace(moduleKey, `${GLUE_MODULE}:`)
  if (glue.includes(glueModule)) throw new Error(`short-imports: ${file} names ${glueModule} other than as a key`)
  for (const [name, shortened] of renamed) {
    const key = new RegExp(`(?<![\\w$])("?)${name}\\1(?=:)`, 'g')
    const keys = glue.match(key)?.length ?? 0
    if (keys !== 1) throw new Error(`short-imports: ${file} has the import ${name} as a key ${keys} times, not once`)
    glue = glue.replace(key, shortened)
    if (glue.includes(name)) throw new Error(`short-imports: ${file} uses the import ${name} other than as its key`)
  }
  return glue
}

// LEB128, as the wasm binary format writes its numbers
function readLeb(bytes, at) {
  let value = 0
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++]
    value += (byte & 0x7f) * 2 ** shift
    if (!(byte & 0x80)) return [value, at]
  }
}

function skipLeb(bytes, at, times = 1) {
  for (let i = 0; i < times; i++) at = readLeb(bytes, at)[1]
  return at
}

function leb(value) {
  const bytes = []
  do {
    let byte = value % 128
    value = Math.floor(value / 128)
    if (value) byte |= 0x80
    bytes.push(byte)
  } while (value)
  return Buffer.from(bytes)
}

function readName(bytes, at) {
  const [length, start] = readLeb(bytes, at)
  return [Buffer.from(bytes.subarray(start, start + length)).toString('utf8'), start + length]
}

function nameBytes(name) {
  const bytes = Buffer.from(name, 'utf8')
  return Buffer.concat([leb(bytes.length), bytes])
}

function section(id, body) {
  return Buffer.concat([Buffer.from([id]), leb(body.length), body])
}
