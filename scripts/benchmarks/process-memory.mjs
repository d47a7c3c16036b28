// The memory of a process tree, from /proc (Linux): what bench:memory and bench:cold print. `charged` is what a
// container's memory limit (a memory cgroup) charges the tree: each process's own pages and page tables, and the
// pages of a file they all map (the node binary) once; RSS summed, which counts those shared pages once per
// process; and PSS, which splits them between the processes mapping them (other node processes on the machine
// included).
import { readdirSync, readFileSync } from 'node:fs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each process's parent, from /proc. */
function parents() {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the command name is in parentheses and may hold spaces: the fields after it are fixed
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended while we looked
    }
  }
  return parentOf;
}

/** Every process below `root`, not `root` itself (npm). */
function descendants(root) {
  const parentOf = parents();
  const found = [];
  let generation = [root];
  while (generation.length > 0) {
    generation = [...parentOf].filter(([, parent]) => generation.includes(parent)).map(([pid]) => pid);
    found.push(...generation);
  }
  return found;
}

const kb = (text, field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(text)?.[1] ?? 0);

/**
 * One process's memory from its smaps: its anonymous pages (heaps, stacks, copied-on-write data: its own), the
 * resident pages of each file it maps (the node binary, libraries: the same pages in every process) and its page
 * tables (kernel memory a memory cgroup charges too).
 */
function processMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const files = new Map();
  let anonymous = 0;
  let pss = 0;
  let file = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      // a file's pages; [heap], [stack], anonymous and other pseudo mappings count by their Anonymous line
      file = mapping[1] !== '0' && mapping[2].startsWith('/') ? mapping[2] : null;
      continue;
    }
    const [field, value] = line.split(/:\s+/);
    const size = Number.parseInt(value, 10);
    if (field === 'Pss') pss += size;
    else if (field === 'Rss' && file) files.set(file, (files.get(file) ?? 0) + size);
    else if (field === 'Anonymous') {
      anonymous += size;
      // a file mapping's copied-on-write pages are the process's own: counted as anonymous, not as the file's
      if (file) files.set(file, files.get(file) - size);
    }
  }
  return {
    name: /^Name:\s+(.*)$/m.exec(status)?.[1],
    rss: kb(status, 'VmRSS'),
    pss,
    anonymous,
    files,
    pageTables: kb(status, 'VmPTE'),
    threads: Number(/^Threads:\s+(\d+)$/m.exec(status)?.[1] ?? 0),
  };
}

/**
 * Over the tree (MB): RSS and PSS summed, and `charged`, what a memory cgroup (a container's limit) charges:
 * every process's anonymous pages and page tables, and each file's pages once however many processes map them
 * (per file, the most any one process has resident: the processes run the same binary's same code).
 */
export function treeMemory(root) {
  let rss = 0;
  let pss = 0;
  let own = 0;
  let threads = 0;
  const fileRss = new Map();
  const processes = [];
  for (const pid of descendants(root)) {
    try {
      const memory = processMemory(pid);
      rss += memory.rss;
      pss += memory.pss;
      own += memory.anonymous + memory.pageTables;
      threads += memory.threads;
      for (const [file, size] of memory.files) fileRss.set(file, Math.max(fileRss.get(file) ?? 0, size));
      processes.push(`${memory.name} ${Math.round(memory.rss / 1024)}/${Math.round(memory.anonymous / 1024)} MB`);
    } catch {
      // the process ended while we looked
    }
  }
  const files = [...fileRss.values()].reduce((sum, size) => sum + size, 0);
  const mb = (size) => Math.round(size / 1024);
  return { rss: mb(rss), pss: mb(pss), charged: mb(own + files), threads, processes };
}

/** The highest figures over a few samples: memory settles (and garbage is collected) in the first seconds. */
export async function settledMemory(root, samples = 5) {
  let highest = { rss: 0, pss: 0, charged: 0, threads: 0, processes: [] };
  for (let index = 0; index < samples; index += 1) {
    await sleep(1000);
    const now = treeMemory(root);
    if (now.charged > highest.charged) highest = now;
  }
  return highest;
}
