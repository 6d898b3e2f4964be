/** Checks a request's parameters; throws the vendor's error for the first one the endpoint does not take. */
export type ParamsCheck = (given: Record<string, unknown>) => void;

/**
 * Strict parameters, as vendors check them before anything runs (Stripe: 400 `parameter_unknown`,
 * "Received unknown parameter: colour"): an endpoint names the parameters it takes (`known`, the
 * top-level names; those every endpoint of the vendor takes included), and a request that sends
 * another is refused with the vendor's own error, which `refuse` makes from the unknown name.
 */
export function strictParams(known: Iterable<string>, refuse: (name: string) => Error): ParamsCheck {
  const taken = new Set(known);
  return (given) => {
    const unknown = Object.keys(given).find((name) => !taken.has(name));
    if (unknown !== undefined) throw refuse(unknown);
  };
}
