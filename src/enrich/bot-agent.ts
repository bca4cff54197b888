import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

const cache = new LRUCache<string, boolean>({ max: 10_000 });

/**
 * Whether a user agent is a crawler or tool (isbot's list). Its one large expression costs more
 * per hit than anything else in enrichment, and the same few agents send most hits: cached.
 */
export function isBotAgent(ua: string): boolean {
  let bot = cache.get(ua);
  if (bot === undefined) {
    bot = isbot(ua);
    cache.set(ua, bot);
  }
  return bot;
}
