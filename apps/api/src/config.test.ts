import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: mkdtempSync(join(tmpdir(), 'grove-config-')) };

describe('configuration of the public address and proxies', () => {
  it('refuses to start in production without PUBLIC_URL', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' }).publicUrl).toBe('https://portal.example.com');
  });

  it('refuses TRUST_PROXY=true and accepts a list of addresses and CIDRs', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must list the proxy addresses/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.internal' })).toThrow(/not an IP address or CIDR/);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
  });

  it('allows localhost names and the listening address by default; with PUBLIC_URL only what is listed', () => {
    expect(loadConfig({ ...base, HOST: '127.0.0.1' }).allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ ...base, HOST: '192.0.2.7', ALLOWED_HOSTS: 'Grove.Example' }).allowedHosts).toEqual(['grove.example', 'localhost', '127.0.0.1', '[::1]', '192.0.2.7']);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://portal.example.com' }).allowedHosts).toEqual([]);
    expect(loadConfig({ ...base, HOST: '127.0.0.1', PUBLIC_URL: 'https://portal.example.com', ALLOWED_HOSTS: 'internal.example' }).allowedHosts).toEqual([
      'portal.example.com',
      'internal.example',
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
  });

  it('drains for 10 seconds by default and not at all in tests', () => {
    expect(loadConfig({ ...base }).shutdownDrainSeconds).toBe(10);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '3' }).shutdownDrainSeconds).toBe(3);
  });
});

describe('map tile host for the content security policy', () => {
  it('admits OpenStreetMap by default and exactly the configured tile host otherwise', () => {
    expect(loadConfig({ ...base }).mapTileSource).toBe('https://tile.openstreetmap.org');
    expect(loadConfig({ ...base, VITE_MAP_TILE_URL: 'https://tiles.example.com/osm/{z}/{x}/{y}.png' }).mapTileSource).toBe('https://tiles.example.com');
    expect(loadConfig({ ...base, VITE_MAP_TILE_URL: 'https://{s}.tile.example.org:8443/{z}/{x}/{y}.png' }).mapTileSource).toBe('https://*.tile.example.org:8443');
    expect(() => loadConfig({ ...base, VITE_MAP_TILE_URL: 'tiles/{z}/{x}/{y}.png' })).toThrow(/VITE_MAP_TILE_URL/);
  });
});
