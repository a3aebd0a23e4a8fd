/** A schema path as a parameter name people read: `properties.a.items.properties.b` → `a[].b`. */
export function paramPath(path: readonly (string | number)[]): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (key === 'properties' && i + 1 < path.length) {
      out += `${out ? '.' : ''}${String(path[++i])}`;
    } else if (key === 'items') out += '[]';
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') out += `|${String(path[++i])}`;
    else if (key === '$defs' || key === 'definitions') out += `${out ? '.' : ''}$${String(path[++i])}`;
    else out += `${out ? '.' : ''}${String(key)}`;
  }
  return out || '(input)';
}
