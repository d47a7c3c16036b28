#!/usr/bin/env node
// `npm run bench:api`: the API as docker-compose.yml deploys it (packages/deployment: the shell's nginx in
// front of two replicas on PostgreSQL) under load, on this machine. A benchmark, not a test: it prints the
// figures docs/replicas.md quotes. Loopback only, bounded in count and time. Build first (`npm run build`).
//   --messages=N      contact submissions per delivery phase (default 1000, at most 5000)
//   --rate=N          requests/s for the latency runs (default 500), --seconds=N each (default 30)
//   --soak-seconds=N  the memory soak (default 300; the figure in docs/replicas.md comes from the 5-minute run)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { missingTools, startDeployment } from '@portfolio/deployment/local-deployment';
import { startFakeSiteverify } from '@portfolio/stand-ins/fake-siteverify';
import { startSmtpSink } from '@portfolio/stand-ins/smtp-sink';
import { repoRoot } from '../parts.mjs';
import { numberOption } from './number-option.mjs';

const messages = numberOption('messages', 1000, 5000);
const rate = numberOption('rate', 500, 5000);
const seconds = numberOption('seconds', 30, 600);
const soakSeconds = numberOption('soak-seconds', 300, 3600);

/** The benchmark's ports: 4450 and up (the parts, the replicas, PostgreSQL), then the stand-ins. */
const basePort = Number(process.env.BENCH_PORT ?? 4450);
/** A claim a killed replica held comes back after this long; shorter than the default 60 s to keep the run short. */
const leaseMs = 10_000;

const missing = missingTools();
if (missing.length > 0) {
  console.error(`bench:api needs ${missing.join(' and ')} (apt-get install nginx postgresql)`);
  process.exit(1);
}
if (!existsSync(path.join(repoRoot, 'api/dist/main.js')) || !existsSync(path.join(repoRoot, 'shell/dist/index.html'))) {
  console.error('bench:api runs the production build: npm run build first');
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (text) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

/** Message-IDs name the stored message: contact-<id>-<time>. */
const messageIds = (mails) => mails.map((mail) => /^Message-ID: <contact-(\d+)-/im.exec(mail.raw)?.[1]).filter(Boolean);

/** Each replica's resident memory in MB, from /proc. */
const rssMb = (pid) => {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
};

const smtpOptions = { delayMs: 0 }; // read per message: phase 2 slows the mail server down
const smtp = await startSmtpSink(basePort + 20, smtpOptions);
const siteverify = await startFakeSiteverify({ port: basePort + 21 });
const deployment = await startDeployment({
  basePort,
  apiEnv: {
    RECAPTCHA_SECRET: 'bench-secret',
    RECAPTCHA_VERIFY_URL: siteverify.url,
    SMTP_URL: smtp.url,
    CONTACT_TO: 'owner@example.com',
    OUTBOX_LEASE_MS: String(leaseMs),
    OUTBOX_RETRY_BASE_MS: '1000',
    // one client (this script) sends everything: limits out of the way
    RATE_LIMIT_VERIFY: '100000',
    RATE_LIMIT_CONTACT: '100000',
    RATE_LIMIT_DOWNLOAD: '100000',
  },
});
const database = new pg.Client({ connectionString: deployment.databaseUrl });
await database.connect();
const count = async (where = 'true') =>
  (await database.query(`select count(*)::int as n from contact_messages where ${where}`)).rows[0].n;

/** One visitor's contact flow through the proxy: solve the captcha (the pass cookie), then send. */
async function submit(subject) {
  const headers = { 'Content-Type': 'application/json', Origin: deployment.url };
  const verify = await fetch(`${deployment.url}/api/verify`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ captchaToken: 'good' }),
  });
  const pass = verify.headers.getSetCookie().find((cookie) => cookie.startsWith('contact_pass='));
  await verify.arrayBuffer();
  if (!pass) return false;
  const body = { fName: 'Bench', lName: 'Mark', email: 'bench@example.com', org: '', subject, message: 'Load.' };
  const contact = await fetch(`${deployment.url}/api/contact`, {
    method: 'POST',
    headers: { ...headers, Cookie: pass.split(';')[0] },
    body: JSON.stringify(body),
  });
  await contact.arrayBuffer();
  return contact.status === 200;
}

/** `total` submissions, 25 at a time; how many were accepted, and how long it took. */
async function submitMany(phase, total) {
  let next = 0;
  let accepted = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < total) {
        const index = next++;
        if (await submit(`Bench ${phase} ${index}`).catch(() => false)) accepted += 1;
      }
    }),
  );
  return { accepted, seconds: (Date.now() - started) / 1000 };
}

async function waitFor(check, what, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

const figures = [];
try {
  // 1. two replicas, every message accepted, stored and delivered once
  log(`phase 1: ${messages} contact submissions through nginx`);
  const one = await submitMany(1, messages);
  const deliveredAt = Date.now();
  await waitFor(async () => (await count('delivered_at is null')) === 0, 'phase 1 deliveries', 300_000);
  const oneIds = messageIds(smtp.mails);
  figures.push(
    ['submissions accepted (of ' + messages + ')', one.accepted],
    ['submissions per second (verify + contact)', Math.round(one.accepted / one.seconds)],
    ['stored', await count()],
    ['delivered (distinct messages)', new Set(oneIds).size],
    ['sent twice', oneIds.length - new Set(oneIds).size],
    ['all delivered after the last submission (s)', ((Date.now() - deliveredAt) / 1000).toFixed(1)],
  );

  // 2. one replica SIGKILLed while the outbox delivers: its claimed message goes out after the lease
  log(`phase 2: ${messages} more, one replica SIGKILLed mid-delivery (lease ${leaseMs} ms)`);
  smtpOptions.delayMs = 30;
  const storedBefore = await count();
  const mailsBefore = smtp.mails.length;
  const two = await submitMany(2, messages);
  await waitFor(() => smtp.mails.length - mailsBefore >= two.accepted / 4, 'a quarter of phase 2 delivered', 300_000);
  const [, victim] = deployment.replicas;
  await victim.stop('SIGKILL');
  const killedAt = Date.now();
  const waiting = await count('delivered_at is null');
  log(`killed ${victim.name} with ${waiting} messages undelivered`);
  await waitFor(async () => (await count('delivered_at is null')) === 0, 'phase 2 deliveries', 300_000);
  const twoIds = messageIds(smtp.mails.slice(mailsBefore));
  figures.push(
    ['phase 2 accepted (of ' + messages + ')', two.accepted],
    ['phase 2 stored', (await count()) - storedBefore],
    ['phase 2 undelivered when the replica was killed', waiting],
    ['phase 2 delivered (distinct messages)', new Set(twoIds).size],
    ['phase 2 sent twice (the kill)', twoIds.length - new Set(twoIds).size],
    ['all delivered after the kill (s)', ((Date.now() - killedAt) / 1000).toFixed(1)],
  );
  smtpOptions.delayMs = 0;
  await victim.start();

  // 3. latency through nginx at a fixed rate
  for (const [label, request] of [
    ['POST /api/download', { method: 'POST', path: '/api/download', body: '{"resource":"resume"}' }],
    ['GET /', { method: 'GET', path: '/' }],
  ]) {
    log(`phase 3: ${label} at ${rate} requests/s for ${seconds} s`);
    const result = await autocannon({
      url: `${deployment.url}${request.path}`,
      method: request.method,
      body: request.body,
      headers: { 'Content-Type': 'application/json' },
      connections: 50,
      overallRate: rate,
      duration: seconds,
    });
    figures.push(
      [`${label}: requests/s`, Math.round(result.requests.average)],
      [`${label}: p50 / p99 latency (ms)`, `${result.latency.p50} / ${result.latency.p99}`],
      [`${label}: non-2xx, errors`, `${result.non2xx}, ${result.errors + result.timeouts}`],
    );
  }

  // 4. memory over a soak: downloads, page loads and a steady trickle of contact messages
  log(`phase 4: ${soakSeconds} s soak, RSS of both replicas every 5 s`);
  const pids = deployment.replicas.map((replica) => replica.pid);
  const samples = pids.map((pid) => [rssMb(pid)]);
  const soakEnds = Date.now() + soakSeconds * 1000;
  const sampler = setInterval(() => pids.forEach((pid, index) => samples[index].push(rssMb(pid))), 5_000);
  const trickle = (async () => {
    for (let index = 0; Date.now() < soakEnds; index += 1) {
      await submit(`Soak ${index}`).catch(() => false);
      await sleep(200);
    }
  })();
  await Promise.all([
    autocannon({
      url: `${deployment.url}/api/download`,
      method: 'POST',
      body: '{"resource":"resume"}',
      headers: { 'Content-Type': 'application/json' },
      connections: 10,
      overallRate: 100,
      duration: soakSeconds,
    }),
    autocannon({ url: `${deployment.url}/`, connections: 10, overallRate: 100, duration: soakSeconds }),
    trickle,
  ]);
  clearInterval(sampler);
  pids.forEach((pid, index) => samples[index].push(rssMb(pid)));
  deployment.replicas.forEach((replica, index) => {
    const series = samples[index];
    figures.push([
      `${replica.name} RSS start / max / end (MB)`,
      `${series[0]} / ${Math.max(...series)} / ${series.at(-1)}`,
    ]);
  });
} finally {
  await database.end();
  await deployment.stop();
  await smtp.close();
  await siteverify.close();
}

console.log(
  `\n| measure (bench:api, ${messages} messages, ${rate}/s for ${seconds} s, ${soakSeconds} s soak) | value |`,
);
console.log('|---|---|');
for (const [name, value] of figures) console.log(`| ${name} | ${value} |`);
