import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_SERVICE_HOSTS,
  isAllowedPushEndpoint,
  isCanonicalUrl,
  parsePushServiceHosts,
  pushEndpointHost,
} from './endpoint';

const defaults = parsePushServiceHosts(DEFAULT_PUSH_SERVICE_HOSTS);
const allowed = (endpoint: string, hosts = defaults) => isAllowedPushEndpoint(endpoint, hosts);

describe('push endpoint allowlist', () => {
  it("takes the real browsers' push services over https by default", () => {
    expect(allowed('https://fcm.googleapis.com/fcm/send/abc:APA91b')).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/wpush/v2/gAAAA')).toBe(true);
    expect(allowed('https://web.push.apple.com/QGk1')).toBe(true);
    expect(allowed('https://api.push.apple.com/3/device/x')).toBe(true);
    expect(allowed('https://wns2-par02p.notify.windows.com/w/?token=BQY')).toBe(true);
  });

  it('refuses plain http, other ports, credentials, look-alike hosts and a suffix itself', () => {
    expect(allowed('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(allowed('https://fcm.googleapis.com:8443/fcm/send/abc')).toBe(false);
    expect(allowed('https://user:pw@fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(allowed('https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(allowed('https://evilfcm.googleapis.com/x')).toBe(false);
    expect(allowed('https://notpush.apple.com/x')).toBe(false);
    expect(allowed('https://push.apple.com/x')).toBe(false);
    expect(allowed('https://169.254.169.254/latest/meta-data')).toBe(false);
    expect(allowed('https://localhost/x')).toBe(false);
    expect(allowed('not a url')).toBe(false);
    expect(allowed('ftp://fcm.googleapis.com/x')).toBe(false);
  });

  it('takes an endpoint only as the URL parser writes it: no upper-case host, NUL, stray surrogate or raw space', () => {
    expect(allowed('https://FCM.GoogleAPIs.com/fcm/send/abc')).toBe(false);
    expect(allowed('https://fcm.googleapis.com/fcm/send/a\u0000b')).toBe(false);
    expect(allowed('https://fcm.googleapis.com/fcm/send/a\ud83db')).toBe(false);
    expect(allowed('https://fcm.googleapis.com/fcm/send/a b')).toBe(false);
    expect(allowed('https://fcm.googleapis.com/fcm/send/a%20b')).toBe(true);
    expect(isCanonicalUrl('https://fcm.googleapis.com/x')).toBe(true);
    expect(isCanonicalUrl('https://fcm.googleapis.com')).toBe(false);
  });

  it('reads PUSH_SERVICE_HOSTS whatever its case', () => {
    expect(parsePushServiceHosts('FCM.googleapis.com')).toEqual([{ kind: 'host', host: 'fcm.googleapis.com' }]);
  });

  it('allows plain http only to a host and port listed with http://, for a local test server', () => {
    const hosts = parsePushServiceHosts('fcm.googleapis.com, http://127.0.0.1:4567');
    expect(allowed('http://127.0.0.1:4567/push/1', hosts)).toBe(true);
    expect(allowed('http://127.0.0.1:4568/push/1', hosts)).toBe(false);
    expect(allowed('http://127.0.0.1/push/1', hosts)).toBe(false);
    expect(allowed('https://127.0.0.1:4567/push/1', hosts)).toBe(false);
    expect(allowed('https://fcm.googleapis.com/x', hosts)).toBe(true);
    expect(allowed('https://updates.push.services.mozilla.com/x', hosts)).toBe(false);
  });

  it('refuses entries that would mean more than they say, naming each', () => {
    expect(() => parsePushServiceHosts('*.com')).toThrow(/not a push service host: \*\.com/);
    expect(() => parsePushServiceHosts('localhost, *')).toThrow(/localhost, \*/);
    expect(() => parsePushServiceHosts('https://fcm.googleapis.com')).toThrow(/https:\/\/fcm/);
    expect(() => parsePushServiceHosts('http://127.0.0.1')).toThrow(/http:\/\/127\.0\.0\.1/);
    expect(() => parsePushServiceHosts('http://127.0.0.1:80/path')).toThrow(/not a push service host/);
    expect(() => parsePushServiceHosts('http://u:p@127.0.0.1:4567')).toThrow(/not a push service host/);
    expect(() => parsePushServiceHosts(' , ')).toThrow(/names no push service host/);
  });

  it('logs only the host of an endpoint', () => {
    expect(pushEndpointHost('https://fcm.googleapis.com/fcm/send/secret-token')).toBe('fcm.googleapis.com');
    expect(pushEndpointHost('nope')).toBe('(not a URL)');
  });
});
