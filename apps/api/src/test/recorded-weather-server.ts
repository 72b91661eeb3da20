import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const RECORDED = readFileSync(new URL('./fixtures/open-meteo-forecast.json', import.meta.url), 'utf8');

/**
 * A local stand-in for Open-Meteo serving a recorded forecast answer (tests and e2e never reach the
 * internet). `mode` switches it to failing answers; `requests` counts the calls it got.
 */
export interface RecordedWeatherServer {
  url: string;
  requests: URL[];
  mode: 'ok' | 'error';
  close(): Promise<void>;
}

export async function startRecordedWeatherServer(): Promise<RecordedWeatherServer> {
  const state: RecordedWeatherServer = { url: '', requests: [], mode: 'ok', close: async () => {} };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    state.requests.push(url);
    if (state.mode === 'error' || url.pathname !== '/v1/forecast') {
      response.writeHead(state.mode === 'error' ? 503 : 404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, reason: 'unavailable' }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(RECORDED);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/forecast`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
