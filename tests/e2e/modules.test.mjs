// The modules the build writes import from their glue by short names
// (tools/short-imports.mjs), which the rest of the end-to-end tests run in
// the browser: here, that every module of the build was renamed, and that
// the renaming stops the build rather than break a glue it cannot read.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { dist } from './helpers.mjs'
import { shortenImports, shortName, GLUE_MODULE } from '../../tools/short-imports.mjs'

const MODULES = ['first-picture', 'hydraulic-erosion', 'hydraulic-erosion-full', 'heightmap-encoder', 'mesh-exporter']

test('every module of the build imports from its glue by short names, each a key of the glue\'s import object', () => {
  for (const name of MODULES) {
    const imports = WebAssembly.Module.imports(new WebAssembly.Module(fs.readFileSync(path.join(dist, `${name}_bg.wasm`))))
    const glue = fs.readFileSync(path.join(dist, `${name}.js`), 'utf8')
    const ours = imports.filter(i => i.module === GLUE_MODULE).map(i => i.name)
    assert.ok(ours.length >= 10, `${name}: ${ours.length} imports from its glue`)
    assert.deepEqual(ours, ours.map((_, n) => shortName(n)), `${name}: named a, b, … in order`)
    assert.equal(imports.filter(i => i.module.endsWith('_bg.js')).length, 0, `${name}: no import from ./${name}_bg.js is left`)
    assert.ok(glue.includes(`,${GLUE_MODULE}:`) || glue.includes(`{${GLUE_MODULE}:`), `${name}: the glue gives module ${GLUE_MODULE}`)
    for (const n of ours) assert.match(glue, new RegExp(`[{,]${n}:`), `${name}: the glue gives ${n}`)
    assert.doesNotMatch(glue, /__wbg_\w+_[0-9a-f]{16}/, `${name}: no long import name is left in the glue`)
  }
})

test('short names run a, … z, A, … Z, then two letters, none twice', () => {
  assert.deepEqual([0, 25, 26, 51, 52, 53, 103, 2755].map(shortName), ['a', 'z', 'A', 'Z', 'aa', 'ab', 'aZ', 'ZZ'])
  const names = new Set(Array.from({ length: 2756 }, (_, n) => shortName(n)))
  assert.equal(names.size, 2756)
})

// A wasm module of one function type importing `imports` ([module, name]
// pairs), all functions of that type
function moduleImporting(imports) {
  const bytes = name => [Buffer.byteLength(name), ...Buffer.from(name)]
  const body = [imports.length, ...imports.flatMap(([module, name]) => [...bytes(module), ...bytes(name), 0, 0])]
  return Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 2, body.length, ...body])
}

// A folder with a module and its glue, removed when test `t` ends
function buildDir(t, glue) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'short-imports-'))
  t.after(() => fs.rmSync(dir, { recursive: true }))
  const imports = [['./x_bg.js', '__wbg_now_0123456789abcdef'], ['./snippets/x/inline0.js', 'keep'], ['./x_bg.js', '__wbindgen_throw_fedcba9876543210']]
  fs.writeFileSync(path.join(dir, 'x_bg.wasm'), moduleImporting(imports))
  fs.writeFileSync(path.join(dir, 'x.js'), glue)
  return dir
}

test('the glue\'s keys and the wasm\'s imports are renamed together; a snippet\'s imports keep their names', t => {
  const dir = buildDir(t, 'const c={__proto__:null,__wbg_now_0123456789abcdef:function(){return 1},"__wbindgen_throw_fedcba9876543210":function(e){throw e}};return{__proto__:null,"./x_bg.js":c,"./snippets/x/inline0.js":r}')
  shortenImports(dir)
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(fs.readFileSync(path.join(dir, 'x_bg.wasm'))))
  assert.deepEqual(imports.map(i => [i.module, i.name]), [['w', 'a'], ['./snippets/x/inline0.js', 'keep'], ['w', 'b']])
  assert.equal(fs.readFileSync(path.join(dir, 'x.js'), 'utf8'), 'const c={__proto__:null,a:function(){return 1},b:function(e){throw e}};return{__proto__:null,w:c,"./snippets/x/inline0.js":r}')
})

test('a glue the renaming cannot read stops the build, and leaves the files as they were', t => {
  const cases = [
    ['const c={__wbg_now_0123456789abcdef:function(){}};return{"./x_bg.js":c}', /__wbindgen_throw_fedcba9876543210 as a key 0 times/],
    ['const c={__wbg_now_0123456789abcdef:f,__wbindgen_throw_fedcba9876543210:g};c.__wbg_now_0123456789abcdef();return{"./x_bg.js":c}', /uses the import __wbg_now_0123456789abcdef other than as its key/],
    ['const c={__wbg_now_0123456789abcdef:f,__wbindgen_throw_fedcba9876543210:g};return{c}', /does not name \.\/x_bg\.js exactly once/]
  ]
  for (const [glue, error] of cases) {
    const dir = buildDir(t, glue)
    const wasm = fs.readFileSync(path.join(dir, 'x_bg.wasm'))
    assert.throws(() => shortenImports(dir), error)
    assert.deepEqual(fs.readFileSync(path.join(dir, 'x_bg.wasm')), wasm)
    assert.equal(fs.readFileSync(path.join(dir, 'x.js'), 'utf8'), glue)
  }
})
