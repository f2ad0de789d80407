// The npm package's package.json, for the version given (Cargo.toml's): its
// entry is the figures' element, its types and manifest are written beside
// it (tools/package/manifest.mjs), and it carries the whole site folder,
// the page included, so the folder a host copies and the package are one.
// node tools/package/package-json.mjs VERSION
import { pathToFileURL } from 'node:url'

// The files that run (the modules and wasm a figure or the page fetches,
// and its workers' scripts), those that describe them, and the page
export const FILES = [
  'element.js', 'element.css', 'hydraulic-erosion.d.ts', 'custom-elements.json',
  'hydraulic-erosion.js', 'hydraulic-erosion_bg.wasm',
  'hydraulic-erosion-full.js', 'hydraulic-erosion-full_bg.wasm', 'hydraulic-erosion-full.d.ts',
  'first-picture.js', 'first-picture_bg.wasm',
  'heightmap-encoder.js', 'heightmap-encoder_bg.wasm',
  'mesh-exporter.js', 'mesh-exporter_bg.wasm',
  'sketch-worker.js', 'ground-reader.js',
  'index.html', 'start.js', 'style.css', '_headers',
  'README.md', 'CHANGELOG.md', 'LICENSE'
]

export function packageJson(version) {
  return {
    name: 'hydraulic-erosion',
    version,
    description: 'Raindrops carving valleys into a noise island: <hydraulic-erosion> figures for a post, and the page they come from (Rust and WebAssembly, no build step)',
    keywords: ['web-component', 'custom-element', 'terrain', 'erosion', 'hydraulic-erosion', 'webassembly', 'procedural-generation', 'map'],
    license: 'MIT',
    type: 'module',
    exports: {
      '.': { types: './hydraulic-erosion.d.ts', default: './element.js' },
      './terrain': { types: './hydraulic-erosion-full.d.ts', default: './hydraulic-erosion-full.js' },
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
      './*': './*'
    },
    main: './element.js',
    module: './element.js',
    types: './hydraulic-erosion.d.ts',
    customElements: 'custom-elements.json',
    files: FILES,
    // Importing the element defines it; the page's start starts the page;
    // the figures' box before the script (a bundler must keep its import)
    sideEffects: ['./element.js', './start.js', './element.css'],
    // For the publisher to fill in
    homepage: '',
    repository: { type: 'git', url: '' },
    bugs: { url: '' }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(JSON.stringify(packageJson(process.argv[2]), null, 2) + '\n')
}
