import { describe, expect, it } from 'vitest';
import { logPath } from '../../../server/gateway.ts';
import { newFeedToken } from '../../../supabase/functions/plan-feed/feedToken.ts';

describe('the gateway’s log of a failed request’s path', () => {
  it('leaves out a calendar feed’s token and the query, and keeps the rest of the path', () => {
    const token = newFeedToken();
    const logged = logPath(`/functions/v1/plan-feed/${token}.ics?place=abc`);
    expect(logged).toBe('/functions/v1/plan-feed/<secret>.ics');
    expect(logged).not.toContain(token);
    expect(logPath('/functions/v1/space-weather/kp-index?since=1')).toBe(
      '/functions/v1/space-weather/kp-index',
    );
    expect(logPath('/rest/v1/places?apikey=eyJ')).toBe('/rest/v1/places');
  });
});
