// A small XML reader: enough for an XSD (elements, attributes, comments, declarations).

export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const decode = (s: string) => s.replace(/&(quot|amp|lt|gt|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

export function parseXml(text: string): XmlNode {
  const root: XmlNode = { name: '#document', attrs: {}, children: [] };
  const stack: XmlNode[] = [root];
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      i = text.indexOf('-->', lt) + 3;
      continue;
    }
    if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
      i = text.indexOf('>', lt) + 1;
      continue;
    }
    const gt = text.indexOf('>', lt);
    if (gt < 0) throw new Error(`Unterminated tag at ${lt}`);
    const raw = text.slice(lt + 1, gt);
    i = gt + 1;
    if (raw.startsWith('/')) {
      const name = raw.slice(1).trim();
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`Mismatched </${name}> at ${lt}`);
      continue;
    }
    const selfClosing = raw.endsWith('/');
    const body = selfClosing ? raw.slice(0, -1) : raw;
    const name = body.match(/^[^\s/]+/)?.[0];
    if (!name) throw new Error(`Bad tag at ${lt}`);
    const attrs: Record<string, string> = {};
    for (const m of body.slice(name.length).matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attrs[m[1] as string] = decode(m[2] ?? m[3] ?? '');
    }
    const node: XmlNode = { name, attrs, children: [] };
    stack.at(-1)?.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (stack.length !== 1) throw new Error('Unclosed elements at end of document');
  const schema = root.children[0];
  if (schema?.name !== 'xs:schema') throw new Error('Not an XSD');
  return schema;
}
