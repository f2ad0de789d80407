// The memory of the browser a bench started: the proportional set size
// (PSS, /proc/PID/smaps_rollup) of each process below this one, in MB, and
// their sum. Linux only.
import fs from 'node:fs'

// Every process below `of`, by its parent's pid in /proc
function descendants (of) {
  const parents = new Map()
  for (const pid of fs.readdirSync('/proc').filter(p => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch { /* gone meanwhile */ }
  }
  const found = []
  const walk = pid => { for (const [child, parent] of parents) if (parent === pid) { found.push(child); walk(child) } }
  walk(of)
  return found
}

// `{ total, largest }`: the sum over the browser's processes and the
// largest one's, in MB
export function browserMemory () {
  const each = descendants(process.pid).flatMap(pid => {
    try {
      const pss = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m)
      return pss ? [Number(pss[1]) / 1024] : []
    } catch { return [] }
  })
  return { total: each.reduce((a, b) => a + b, 0), largest: Math.max(0, ...each) }
}
