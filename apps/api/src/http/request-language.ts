import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@grove/shared';

/**
 * The language to answer a request in: the first supported tag of Accept-Language (the web app
 * sends the language on screen), else the signed-in user's profile language, else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (header) {
    for (const part of header.split(',')) {
      const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0]!;
      if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
    }
  }
  const profile = request.auth?.language;
  return profile && (LANGUAGES as readonly string[]).includes(profile) ? (profile as Language) : DEFAULT_LANGUAGE;
}
