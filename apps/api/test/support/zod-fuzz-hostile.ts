import { DATES, MONEY, paletteNames, type Rng, textOf } from './zod-fuzz-text';

// Values and bodies of the wrong kind: any type at all, and whole bodies that are not the object a
// route expects or not JSON.

/** Anything at all, of the wrong type as often as not. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  const pick = rng.int(24);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return true;
    case 2:
      return 0;
    case 3:
      return -1;
    case 4:
      return 0.001;
    case 5:
      return 1e308;
    case 6:
      return 2 ** 31;
    case 7:
      return -(2 ** 63);
    case 8:
      return Number.MAX_SAFE_INTEGER + 2;
    case 9:
      return '';
    case 10:
      return '\u0000';
    case 11:
      return textOf(rng, 10_000, 'ascii');
    case 12:
      return textOf(rng, 300, rng.pick(paletteNames));
    case 13:
      return depth > 3 ? [] : [hostileValue(rng, depth + 1)];
    case 14:
      return depth > 3 ? {} : { [rng.pick(['$gt', '__proto__', 'constructor', 'a'])]: hostileValue(rng, depth + 1) };
    case 15:
      return rng.pick(MONEY);
    case 16:
      return rng.pick(DATES);
    case 17:
      return "'; drop table users; --";
    case 18:
      return '00000000-0000-0000-0000-000000000000';
    case 19:
      return 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF';
    case 20:
      return '{12345678-1234-1234-1234-123456789abc}';
    case 21:
      return textOf(rng, 1 + rng.int(40), rng.pick(['nul', 'control', 'surrogate', 'dotted'] as const));
    case 22:
      return -0.5;
    default:
      return ' ';
  }
}

export interface RawBody {
  payload: string;
  contentType?: string;
}

/** Whole bodies that are not the object a route expects, or are not JSON at all. */
export function oddBody(rng: Rng, valid: unknown): RawBody {
  const json = JSON.stringify(valid ?? {});
  const options: RawBody[] = [
    { payload: 'null' },
    { payload: '[]' },
    { payload: '"text"' },
    { payload: '123' },
    { payload: 'true' },
    { payload: `[${json}]` },
    { payload: '{' },
    { payload: '{"a":' },
    { payload: '' },
    { payload: '\u0000' },
    { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}` },
    { payload: `\uFEFF${json}` },
    { payload: json, contentType: 'text/plain' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: json, contentType: 'application/json; charset=utf-16' },
    { payload: json, contentType: 'multipart/form-data; boundary=x' },
    { payload: json, contentType: 'application/vnd.api+json' },
    { payload: json, contentType: 'application/json;;;' },
    { payload: `{"a":"${'x'.repeat(70 * 1024)}"}` },
    { payload: '{"a":1,"a":2}' },
    { payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"isAdmin":true}}}' },
    { payload: json.replace(/"/g, "'") },
    { payload: '{"a":"\\u0000"}' },
    { payload: '{"a":"\\ud800"}' },
    { payload: '1e999999' },
  ];
  return rng.pick(options);
}
