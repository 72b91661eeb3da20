import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { createTestContext, dbKind, type TestContext } from '../../test/test-app.js';
import { AdminAccountError, createSystemAdmin } from './admin-account.js';
import { login } from './auth-test-client.js';

const cli = fileURLToPath(new URL('../../cli/create-admin.ts', import.meta.url));

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end();
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe(`create-admin (${dbKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('creates a System Admin who can sign in', async () => {
    const admin = await createSystemAdmin(ctx.database.db, { email: 'Root.Admin@Example.com', firstName: 'Root', lastName: 'Admin', password: 'Granite-Meadow-Falcon-19' });
    expect(admin.username).toBe('root.admin@example.com');
    const { res } = await login(ctx.app, 'root.admin@example.com', 'Granite-Meadow-Falcon-19');
    expect(res.json<{ user: { role: string } }>().user.role).toBe('System Admin');
  });

  it('refuses a weak password, a bad email and a taken email', async () => {
    const base = { firstName: 'Weak', lastName: 'Admin', password: 'Granite-Meadow-Falcon-19' };
    await expect(createSystemAdmin(ctx.database.db, { ...base, email: 'weak.admin@example.com', password: 'admin123' })).rejects.toThrow(/too easy to guess/);
    await expect(createSystemAdmin(ctx.database.db, { ...base, email: 'not-an-email' })).rejects.toBeInstanceOf(AdminAccountError);
    await expect(createSystemAdmin(ctx.database.db, { ...base, email: 'root.admin@example.com' })).rejects.toThrow(/already exists/);
    const rows = await ctx.database.db.select().from(users).where(eq(users.username, 'weak.admin@example.com'));
    expect(rows).toEqual([]);
  });

  it('runs as a command with the password from GROVE_ADMIN_PASSWORD', async () => {
    // The command opens its own connection: on PostgreSQL this test's database, else a fresh embedded one.
    const target: Record<string, string> = ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : { DATA_DIR: mkdtempSync(join(tmpdir(), 'grove-cli-')) };
    const args = ['--email', 'cli.admin@example.com', '--first', 'Cli', '--last', 'Admin'];
    const weak = await runCli(args, { ...target, GROVE_ADMIN_PASSWORD: 'password1' });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/too easy to guess/);
    const ok = await runCli(args, { ...target, GROVE_ADMIN_PASSWORD: 'Granite-Meadow-Falcon-19' });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('cli.admin@example.com');
    const usage = await runCli(['--email', 'x@example.com'], target);
    expect(usage.code).toBe(2);

    const database = ctx.config.databaseUrl ? ctx.database : await openDatabase({ dataDir: target.DATA_DIR });
    const [row] = await database.db.select().from(users).where(eq(users.username, 'cli.admin@example.com'));
    if (database !== ctx.database) await database.close();
    expect(row).toMatchObject({ roles: ['System Admin'], active: true, firstName: 'Cli' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  }, 60_000);
});
