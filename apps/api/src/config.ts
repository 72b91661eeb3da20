import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { StartupError, prepareDataDir } from './boot/data-dir.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** The embedded database's SQL in a thread of its own (default) or on the main thread (decision 034). */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  REDIS_URL: z.string().url().optional(),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).default('Grove <no-reply@grove.local>'),
  DEMO_DATA: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).default('Grove-Demo-2026'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  ALLOWED_HOSTS: z.string().optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
  PHOTO_MAX_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  FILE_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  RUN_JOBS: bool.default(true),
  WEATHER_API_URL: z.string().url().default('https://api.open-meteo.com/v1/forecast'),
  /** The web app's map tile server (read at build time by the web app); its host is the only image source besides our own. */
  VITE_MAP_TILE_URL: z.string().optional(),
  COMPANY_NAME: z.string().trim().min(1).max(120).default('Grove Landscape Services'),
  COMPANY_ADDRESS: z.string().max(400).default('100 Garden Way|Springfield, IL 62701'),
  COMPANY_PHONE: z.string().max(40).optional(),
  COMPANY_EMAIL: z.string().max(120).optional(),
  COMPANY_WEBSITE: z.string().max(120).optional(),
  COMPANY_TAX_ID: z.string().max(60).optional(),
  JOB_SCHEDULES: z
    .string()
    .default('')
    .transform((value, ctx) => {
      // `job.name=cron line;other.job=off`
      const schedules: Record<string, string> = {};
      for (const part of value.split(';').map((p) => p.trim()).filter(Boolean)) {
        const at = part.indexOf('=');
        if (at <= 0) {
          ctx.addIssue({ code: 'custom', message: `expected "job.name=cron line", got "${part}"` });
          return z.NEVER;
        }
        schedules[part.slice(0, at).trim()] = part.slice(at + 1).trim();
      }
      return schedules;
    }),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the embedded database runs its SQL (decision 034); ignored with DATABASE_URL. */
  pgliteThread: 'worker' | 'main';
  /** Connections of this process's PostgreSQL pool. */
  databasePoolSize: number;
  redisUrl: string | undefined;
  tokenSecret: string;
  accessTokenTtlSeconds: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  demoData: boolean;
  demoPassword: string;
  logLevel: string;
  webDist: string | undefined;
  /** Proxies whose X-Forwarded-* headers are believed: addresses and CIDRs (false: none). */
  trustProxy: string[] | false;
  /**
   * Host names (optionally with :port) the API answers to; links in emails are built only from
   * these when PUBLIC_URL is unset. Empty when PUBLIC_URL is set and ALLOWED_HOSTS is not: then
   * links never use the Host header and every host is served.
   */
  allowedHosts: string[];
  /** Seconds between SIGTERM and closing: /readyz says 503, requests are still served. */
  shutdownDrainSeconds: number;
  photoMaxBytes: number;
  fileMaxBytes: number;
  /** S3-compatible object storage for uploads; local folder DATA_DIR/files when absent. */
  s3: S3Config | undefined;
  /** This process runs jobs and delivers the outbox (false: a web-only process on PostgreSQL). */
  runJobs: boolean;
  /** Per-install schedule changes: job name → cron line or `off`. */
  jobSchedules: Record<string, string>;
  /** Open-Meteo compatible forecast endpoint (no key needed). */
  weatherApiUrl: string;
  /** CSP `img-src` source of the map tiles (e.g. `https://tile.openstreetmap.org`). */
  mapTileSource: string;
  /** The company block of generated PDFs (proposals, invoices). */
  company: { name: string; addressLines: string[]; phone: string | null; email: string | null; website: string | null; taxId: string | null };
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** The secret is generated once and kept in DATA_DIR so tokens survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  try {
    prepareDataDir(dataDir);
    // 'wx': two processes starting at once must not overwrite each other's secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error instanceof StartupError) throw new ConfigError(error.message);
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

const CIDR = /^(.+)\/(\d{1,3})$/;
/** Names proxy-addr understands besides addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY is a list of proxy addresses/CIDRs (`127.0.0.1,10.0.0.0/8`). `true` is refused:
 * trusting X-Forwarded-For from anyone lets any client choose its own IP for the rate limits.
 */
function parseTrustProxy(value: string | undefined): { value: string[] | false; problem?: string } {
  const raw = (value ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0' || raw === 'no') return { value: false };
  if (raw === 'true' || raw === '1' || raw === 'yes' || raw === '*') {
    return { value: false, problem: 'must list the proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8): "true" would believe X-Forwarded-For from anyone' };
  }
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const cidr = CIDR.exec(entry);
    const address = cidr ? cidr[1]! : entry;
    const family = isIP(address);
    const bitsOk = !cidr || Number(cidr[2]) <= (family === 6 ? 128 : 32);
    if (!PROXY_NAMES.has(entry) && (!family || !bitsOk)) return { value: false, problem: `"${entry}" is not an IP address or CIDR` };
  }
  return { value: entries };
}

/**
 * Host names that are always fine without PUBLIC_URL: loopback names and the listening address
 * (every interface address when listening on all of them).
 */
export function defaultAllowedHosts(host: string): string[] {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  if (host !== '0.0.0.0' && host !== '::') return [...names, host.includes(':') ? `[${host.toLowerCase()}]` : host.toLowerCase()];
  const interfaces = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return [...names, ...interfaces.map((item) => (item.family === 'IPv6' ? `[${item.address.toLowerCase()}]` : item.address))];
}

/** The map tiles of the web app when VITE_MAP_TILE_URL is unset (apps/web/src/components/map/tile-source.ts). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The CSP source that admits a tile URL template and nothing else of the internet:
 * `https://{s}.tile.example.com/{z}/{x}/{y}.png` → `https://*.tile.example.com`.
 */
export function tileImageSource(template: string | undefined): string {
  const raw = template?.trim() || DEFAULT_MAP_TILE_URL;
  const wildcardHost = /^[a-z]+:\/\/\{s\}\./i.test(raw);
  const filled = raw.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/gi, '0');
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  VITE_MAP_TILE_URL: "${raw}" is not a URL template such as https://tile.example.com/{z}/{x}/{y}.png`);
  }
  const host = wildcardHost ? `*.${url.host.slice(url.host.indexOf('.') + 1)}` : url.host;
  return `${url.protocol}//${host}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (e.g. `DATABASE_URL=` to force the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const problems: string[] = [];
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy.problem) problems.push(`  TRUST_PROXY: ${trustProxy.problem}`);
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL) {
    problems.push('  PUBLIC_URL: required in production (e.g. https://portal.example.com): links in emails must never follow the Host header');
  }
  const publicHost = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).host.toLowerCase() : undefined;
  const listed = (e.ALLOWED_HOSTS ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  const allowedHosts =
    publicHost && listed.length === 0 ? [] : [...new Set([...(publicHost ? [publicHost] : []), ...listed, ...defaultAllowedHosts(e.HOST)])];
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteThread: e.PGLITE_THREAD,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    tokenSecret: e.TOKEN_SECRET ?? loadOrCreateSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    // Demo data by default only for the embedded database; real installs opt in.
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: trustProxy.value,
    allowedHosts,
    // Tests stop at once; a real server keeps answering while the load balancer notices /readyz.
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 10),
    photoMaxBytes: e.PHOTO_MAX_BYTES,
    fileMaxBytes: e.FILE_MAX_BYTES,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    runJobs: e.RUN_JOBS,
    jobSchedules: e.JOB_SCHEDULES,
    weatherApiUrl: e.WEATHER_API_URL,
    mapTileSource: tileImageSource(e.VITE_MAP_TILE_URL),
    company: {
      name: e.COMPANY_NAME,
      // `|` separates address lines: `100 Garden Way|Springfield, IL 62701`.
      addressLines: e.COMPANY_ADDRESS.split('|').map((line) => line.trim()).filter(Boolean),
      phone: e.COMPANY_PHONE ?? null,
      email: e.COMPANY_EMAIL ?? null,
      website: e.COMPANY_WEBSITE ?? null,
      taxId: e.COMPANY_TAX_ID ?? null,
    },
  };
}
