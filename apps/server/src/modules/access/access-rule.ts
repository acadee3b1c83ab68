import { and, not, or, type SQL } from 'drizzle-orm';

/**
 * One access rule with its two forms side by side: `holds` decides a single case from facts already read (services),
 * `where` is the same rule as a SQL condition (queries that filter many rows at once). Rules are built from clauses
 * with `anyOf`/`allOf`/`negate`, so the structure is written once; `access.agreement.test.ts` proves that the two
 * forms agree over every combination of roles, spaces and teams.
 */
export interface AccessRule<Facts, Scope> {
  holds(facts: Facts): boolean;
  where(scope: Scope): SQL;
}

export function clause<Facts, Scope>(
  holds: (facts: Facts) => boolean,
  where: (scope: Scope) => SQL,
): AccessRule<Facts, Scope> {
  return { holds, where };
}

export function anyOf<Facts, Scope>(...rules: AccessRule<Facts, Scope>[]): AccessRule<Facts, Scope> {
  return {
    holds: (facts) => rules.some((rule) => rule.holds(facts)),
    where: (scope) => or(...rules.map((rule) => rule.where(scope))) as SQL,
  };
}

export function allOf<Facts, Scope>(...rules: AccessRule<Facts, Scope>[]): AccessRule<Facts, Scope> {
  return {
    holds: (facts) => rules.every((rule) => rule.holds(facts)),
    where: (scope) => and(...rules.map((rule) => rule.where(scope))) as SQL,
  };
}

export function negate<Facts, Scope>(rule: AccessRule<Facts, Scope>): AccessRule<Facts, Scope> {
  return { holds: (facts) => !rule.holds(facts), where: (scope) => not(rule.where(scope)) };
}

/** A rule over other facts: `toFacts` picks the part the inner rule reads, `toScope` narrows the SQL scope. */
export function within<Facts, Scope, InnerFacts, InnerScope>(
  rule: AccessRule<InnerFacts, InnerScope>,
  toFacts: (facts: Facts) => InnerFacts,
  toScope: (scope: Scope) => InnerScope,
): AccessRule<Facts, Scope> {
  return { holds: (facts) => rule.holds(toFacts(facts)), where: (scope) => rule.where(toScope(scope)) };
}
