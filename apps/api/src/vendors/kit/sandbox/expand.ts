type Node = Record<string, unknown>;

/** The vendor-specific parts of expansion: how an id is found (the store's findById), and the vendor's refusal of a path. */
export type ExpandOptions = {
  findById: (id: string) => Promise<Node | null>;
  /** The vendor's error for a path that names no id of an object (Stripe: "This property cannot be expanded (amount)."). */
  refuse: (path: string) => Error;
};

/**
 * The paths a request asks to expand, as its parameters carry them: one (`expand=customer`), a
 * list (`["customer"]`), or a form's indexed object (`expand[0]=customer&expand[1]=…` decoded to
 * `{ 0: 'customer', 1: … }`). Anything else asks for none.
 */
export function expandPaths(asked: unknown): string[] {
  if (typeof asked === 'string') return [asked];
  if (asked && typeof asked === 'object') return Object.values(asked).filter((path): path is string => typeof path === 'string');
  return [];
}

async function expandPath(node: Node, path: readonly string[], whole: string, options: ExpandOptions): Promise<void> {
  const [field, ...rest] = path as [string, ...string[]];
  if (node.object === 'list' && field === 'data' && Array.isArray(node.data)) {
    for (const item of node.data as Node[]) await expandPath(item, rest, whole, options);
    return;
  }
  if (!(field in node)) throw options.refuse(whole);
  let value = node[field];
  if (typeof value === 'string') {
    const found = await options.findById(value);
    if (!found) throw options.refuse(whole);
    value = node[field] = found;
  } else if (value !== null && (typeof value !== 'object' || !('object' in value))) {
    throw options.refuse(whole);
  }
  if (rest.length && value !== null) await expandPath(value as Node, rest, whole, options);
}

/**
 * A vendor's `expand` on an answer (Stripe's `expand[]=latest_charge`, `expand[]=data.customer`,
 * `expand[]=latest_charge.payment_method`): each id on a dotted path is replaced, in place, by its
 * object; on a list (`{ object: 'list', data: [...] }`, as the kit's pages are answered) `data`
 * goes through every item; a null stays null, and an object already expanded is walked through. A
 * path through a field that is missing, or that holds neither an object nor the id of one, is
 * refused with the vendor's error (`options.refuse`).
 */
export async function expandObjects<T extends Node>(answer: T, paths: readonly string[], options: ExpandOptions): Promise<T> {
  for (const path of paths) await expandPath(answer, path.split('.'), path, options);
  return answer;
}
