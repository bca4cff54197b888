import { describe, expect, it } from 'vitest';
import { serializers } from '../../src/log.js';

describe('the request log', () => {
  it('keeps an invitation token out of the logged path, and other paths as they are', () => {
    const token = `inv_${'A'.repeat(43)}`;
    expect(serializers.req({ method: 'POST', url: `/api/invitations/${token}/accept?x=1`, id: '1' })).toEqual(
      {
        method: 'POST',
        url: '/api/invitations/…/accept',
        id: '1',
      },
    );
    expect(serializers.req({ method: 'GET', url: `/invitations/${token}` }).url).toBe('/invitations/…');
    expect(serializers.req({ method: 'GET', url: '/api/sites/3/members?a=b' }).url).toBe(
      '/api/sites/3/members',
    );
  });
});
