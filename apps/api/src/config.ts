import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  PHOTO_MAX_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  FILE_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  RUN_JOBS: bool.default(true),
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
  trustProxy: boolean;
  photoMaxBytes: number;
  fileMaxBytes: number;
  /** S3-compatible object storage for uploads; local folder DATA_DIR/files when absent. */
  s3: S3Config | undefined;
  /** This process runs jobs and delivers the outbox (false: a web-only process on PostgreSQL). */
  runJobs: boolean;
  /** Per-install schedule changes: job name → cron line or `off`. */
  jobSchedules: Record<string, string>;
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
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
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
    trustProxy: e.TRUST_PROXY,
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
  };
}
