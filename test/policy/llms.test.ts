import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { llmsLists, parseLlms } from '../../src/policy/llms.js';

const example = parseLlms(readFileSync(new URL('./fixtures/llms-example.txt', import.meta.url), 'utf8'));
const ORIGIN = 'https://docs.harbor.example';

describe('parseLlms', () => {
  it('reads a realistic file: title, summary, sections with their links, Optional marked', () => {
    expect(example).toEqual({
      title: 'Harbor Docs',
      summary:
        'Harbor is a self-hosted job queue for Postgres. These docs cover installing it, ' +
        'writing workers and running it in production.',
      sections: [
        {
          name: 'Getting started',
          optional: false,
          links: [
            {
              title: 'Installation',
              url: 'https://docs.harbor.example/start/install.md',
              notes: 'packages, Docker image and the first migration',
            },
            {
              title: 'Quick start',
              url: '/start/quick-start.md',
              notes: 'enqueue and run a first job in five minutes',
            },
            { title: 'Concepts', url: 'start/concepts.html.md' },
          ],
        },
        {
          // The H3 "Reference" does not start a section; the fenced example adds nothing.
          name: 'Guides',
          optional: false,
          links: [
            {
              title: 'Writing workers',
              url: 'https://docs.harbor.example/guides/workers',
              notes: 'retries, timeouts: and idempotency',
            },
            {
              title: 'Scheduling',
              url: 'https://docs.harbor.example/guides/scheduling.md',
              notes: 'cron syntax and time zones',
            },
            {
              title: 'Deploying',
              url: 'http://docs.harbor.example/guides/deploy.md',
              notes: 'systemd, Kubernetes',
            },
            {
              title: 'Upgrading',
              url: 'https://docs.harbor.example/guides/upgrading/index.html.md',
              notes: 'version notes',
            },
            {
              title: 'CLI',
              url: 'https://docs.harbor.example/reference/cli.md',
              notes: 'every command and flag',
            },
            {
              title: 'Configuration',
              url: 'https://docs.harbor.example/reference/config.md?v=3#env',
              notes: 'environment variables',
            },
            {
              title: 'SQL schema',
              url: 'https://github.example/harbor/harbor/blob/main/schema.sql',
              notes: 'the tables, on GitHub',
            },
          ],
        },
        {
          name: 'Optional',
          optional: true,
          links: [
            { title: 'Changelog', url: 'https://docs.harbor.example/changelog.md' },
            {
              title: 'Design notes',
              url: '/internals/design.md',
              notes: 'why one table, and what was tried before',
            },
          ],
        },
      ],
    });
  });

  it('is plain data that survives JSON', () => {
    expect(JSON.parse(JSON.stringify(example))).toEqual(example);
  });

  it('takes the llmstxt.org sample shape with CRLF, a BOM and closing hashes', () => {
    const text =
      '\uFEFF# Title #\r\n\r\n> Optional description goes here\r\n\r\nOptional details go here\r\n\r\n' +
      '## Section name\r\n\r\n- [Link title](https://link_url): Optional link details\r\n\r\n' +
      '## optional\r\n\r\n- [Link title](https://link_url)\r\n';
    expect(parseLlms(text)).toEqual({
      title: 'Title',
      summary: 'Optional description goes here',
      sections: [
        {
          name: 'Section name',
          optional: false,
          links: [{ title: 'Link title', url: 'https://link_url', notes: 'Optional link details' }],
        },
        { name: 'optional', optional: true, links: [{ title: 'Link title', url: 'https://link_url' }] },
      ],
    });
  });

  it('takes a summary only right after the title', () => {
    expect(parseLlms('# T\n\nFirst a paragraph.\n\n> Not the summary\n').summary).toBeUndefined();
    expect(parseLlms('# T\n> One\n> two\n\n> Not part of it\n').summary).toBe('One two');
    expect(parseLlms('> Before any title\n# T\n')).toEqual({ title: 'T', sections: [] });
  });

  it('keeps the first H1 only, and none after the first section', () => {
    expect(parseLlms('# One\n# Two\n').title).toBe('One');
    expect(parseLlms('## Docs\n# Late title\n- [a](/a)\n')).toEqual({
      title: null,
      sections: [{ name: 'Docs', optional: false, links: [{ title: 'a', url: '/a' }] }],
    });
  });

  it('skips list items that are not links, and text after a link that is not notes', () => {
    const parsed = parseLlms(
      '# T\n## Docs\n- plain item\n- [a](/a) - dash, not colon\n+ [b](</b c.md>)\n  - [nested](/n): indented\nText [c](/c)\n',
    );
    expect(parsed.sections[0]!.links).toEqual([
      { title: 'a', url: '/a' },
      { title: 'b', url: '/b c.md' },
      { title: 'nested', url: '/n', notes: 'indented' },
    ]);
  });

  it('yields an empty document for text that is no llms.txt', () => {
    expect(parseLlms('')).toEqual({ title: null, sections: [] });
    expect(parseLlms('<!doctype html><html><body>Not found</body></html>')).toEqual({
      title: null,
      sections: [],
    });
  });
});

describe('llmsLists', () => {
  const lists = (pathname: string) => llmsLists(example, ORIGIN, pathname);

  it('counts absolute links on the host, relative links from the root, and the Optional section', () => {
    expect(lists('/start/install.md')).toBe(true);
    expect(lists('/start/quick-start.md')).toBe(true);
    expect(lists('/start/concepts.html.md')).toBe(true);
    expect(lists('/guides/workers')).toBe(true);
    expect(lists('/guides/deploy.md')).toBe(true); // http:// link, https site: same host
    expect(lists('/changelog.md')).toBe(true);
    expect(lists('/internals/design.md')).toBe(true);
  });

  it('counts a page and its markdown twin as one', () => {
    expect(lists('/start/install')).toBe(true);
    expect(lists('/guides/workers.md')).toBe(true);
    expect(lists('/start/concepts.html')).toBe(true);
    expect(lists('/start/concepts')).toBe(false);
    expect(lists('/start/install.html')).toBe(false);
    expect(lists('/guides/upgrading/')).toBe(true);
    expect(lists('/guides/upgrading/index.html.md')).toBe(true);
    expect(lists('/guides/upgrading')).toBe(false);
    expect(lists('/guides/upgrading/index.html')).toBe(false);
  });

  it('compares pathnames exactly, ignoring query and fragment on both sides', () => {
    expect(lists('/reference/config.md')).toBe(true);
    expect(lists('/reference/config.md?v=4')).toBe(true);
    expect(lists('/start/install.md#top')).toBe(true);
    expect(lists('/Start/install.md')).toBe(false);
    expect(lists('/start/install.md/')).toBe(false);
    expect(lists('/start/')).toBe(false);
  });

  it('ignores other hosts, links outside sections, and text inside code', () => {
    expect(lists('/harbor/harbor/blob/main/schema.sql')).toBe(false);
    expect(llmsLists(example, 'https://status.harbor.example', '/')).toBe(false);
    expect(llmsLists(example, 'https://github.example', '/harbor/harbor/blob/main/schema.sql')).toBe(true);
    expect(lists('/example/not-listed.md')).toBe(false);
  });

  it('normalises both sides as URLs and never reads the path as a host', () => {
    const parsed = parseLlms('# T\n## Docs\n- [Café](/menu/café.md)\n- [Dots](/a/./b/../c.md)\n');
    expect(llmsLists(parsed, ORIGIN, '/menu/caf%C3%A9')).toBe(true);
    expect(llmsLists(parsed, ORIGIN, '/menu/café.md')).toBe(true);
    expect(llmsLists(parsed, ORIGIN, '/a/c')).toBe(true);
    expect(llmsLists(example, ORIGIN, '//docs.harbor.example/start/install.md')).toBe(false);
    expect(llmsLists(example, 'https://DOCS.harbor.example/', 'start/install.md')).toBe(true);
  });

  it('lists nothing for an unusable origin or an empty file', () => {
    expect(llmsLists(example, 'not a url', '/start/install.md')).toBe(false);
    expect(llmsLists(parseLlms(''), ORIGIN, '/')).toBe(false);
  });
});
