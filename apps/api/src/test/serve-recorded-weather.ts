/** Serves the recorded Open-Meteo answer on a local port (dev and e2e): `tsx serve-recorded-weather.ts 4199`. */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(new URL('./fixtures/open-meteo-forecast.json', import.meta.url), 'utf8');
const port = Number(process.argv[2] ?? 4199);
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body);
}).listen(port, '127.0.0.1');
