// Reads a ground's file in a worker of its own (started by
// src/web/snippet.rs's readGround), so that what reading takes (the file,
// its decoded values, the rows averaged down: some 130 MB for a 3601² SRTM
// tile) goes when the page ends the worker, once it has the fitted heights.
// A file of the site's own, so a Content-Security-Policy of
// `worker-src 'self'` lets it run. The heightmap encoder's module is found
// by the files' table the page sends (a bundler may have renamed it), else
// beside this file.
const reader = files => {
  const address = file => new URL(files?.[file] ?? `./${file}`, import.meta.url)
  return import(address('heightmap-encoder.js').href)
    .then(async module => { await module.default({ module_or_path: address('heightmap-encoder_bg.wasm') }); return module })
}

self.onmessage = async ({ data: { files, bytes, name, encoding, seaLevel } }) => {
  let module
  try {
    module = await reader(files)
  } catch (error) {
    // The module could not be had: not the file's fault
    return self.postMessage({ unloaded: String(error) })
  }
  try {
    const ground = module.open_ground(new Uint8Array(bytes), name, encoding, seaLevel)
    self.postMessage({ ground }, [ground.heights.buffer])
  } catch (error) {
    // A file that is no ground: the reader's words, for the map's note
    self.postMessage({ error: error?.message ?? String(error) })
  }
}
