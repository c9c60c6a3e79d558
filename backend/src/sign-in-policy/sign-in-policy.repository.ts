import type { AdminRole, SignInPolicy } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, getTableName, inArray, isNotNull, isNull, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { AuditExecutor } from '../audit/audit.repository';
import { DATABASE, type Database } from '../database/database';
import { adminAuthenticators, admins, passkeys, settings } from '../database/schema';
import { policyFromStored, type StandingFacts } from './sign-in-standing';

const KEY = 'sign_in_policy';

/** A column named with its table: in a select list Drizzle writes a bare column name, which a subquery would read as its own. */
const named = (table: Table, column: Column) => sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
const adminId = named(admins, admins.id);

// Correlated with the `admins` row of the query they are part of.
const hasAuthenticator = sql<boolean>`exists (select 1 from ${adminAuthenticators} where ${named(adminAuthenticators, adminAuthenticators.adminId)} = ${adminId} and ${named(adminAuthenticators, adminAuthenticators.confirmedAt)} is not null)`;
const passkeyCount = sql<number>`(select count(*)::int from ${passkeys} where ${named(passkeys, passkeys.adminId)} = ${adminId})`;
const hasStrongFactor = sql`(${hasAuthenticator} or exists (select 1 from ${passkeys} where ${named(passkeys, passkeys.adminId)} = ${adminId}))`;
const storedPolicy = sql<unknown>`(select ${named(settings, settings.value)} from ${settings} where ${named(settings, settings.key)} = ${KEY})`;

/** The admins of the policy's roles who have no strong factor. */
function lacking(roles: readonly AdminRole[]): SQL {
  return roles.length === 0 ? sql`false` : sql`(${inArray(admins.role, [...roles])} and not ${hasStrongFactor})`;
}

interface FactsRow {
  role: AdminRole;
  requiredSince: Date | null;
  authenticator: boolean;
  passkeys: number;
}

const toFacts = (row: FactsRow, policy: SignInPolicy): StandingFacts => ({
  policy,
  role: row.role,
  factors: { authenticator: row.authenticator, passkeys: row.passkeys },
  requiredSince: row.requiredSince,
});

/** Settings → Sign-in (one row of the settings table), and what it reads and writes of each admin: factors, grace period. */
@Injectable()
export class SignInPolicyRepository {
  /** factsOf's statement: the guard asks it on every signed-in request, so its SQL is built once. */
  private readonly adminFacts;

  constructor(@Inject(DATABASE) private readonly db: Database) {
    this.adminFacts = db
      .select({
        role: admins.role,
        requiredSince: admins.strongFactorRequiredSince,
        authenticator: hasAuthenticator,
        passkeys: passkeyCount,
        policy: storedPolicy,
      })
      .from(admins)
      .where(eq(admins.id, sql.placeholder('adminId')))
      .limit(1)
      .prepare('admin_sign_in_facts');
  }

  async policy(): Promise<SignInPolicy> {
    const [row] = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
    return policyFromStored(row?.value);
  }

  /** One admin's facts (the policy, their role, factors and grace period's start) in one query: the guard asks each request. */
  async factsOf(adminId: string): Promise<StandingFacts | undefined> {
    const [row] = await this.adminFacts.execute({ adminId });
    return row && toFacts(row, policyFromStored(row.policy));
  }

  /** Every admin's facts, by id (the Admins screen). */
  async factsOfAll(): Promise<Map<string, StandingFacts>> {
    const policy = await this.policy();
    const rows = await this.db
      .select({ id: admins.id, role: admins.role, requiredSince: admins.strongFactorRequiredSince, authenticator: hasAuthenticator, passkeys: passkeyCount })
      .from(admins);
    return new Map(rows.map((row) => [row.id, toFacts(row, policy)]));
  }

  /** Starts the admin's grace period at `now`, unless it has started (two requests at once keep the first start). */
  async startGrace(adminId: string, now: Date): Promise<Date | null> {
    const [row] = await this.db
      .update(admins)
      .set({ strongFactorRequiredSince: sql`coalesce(${admins.strongFactorRequiredSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(admins.id, adminId))
      .returning({ since: admins.strongFactorRequiredSince });
    return row?.since ?? null;
  }

  /** Starts the admin's grace period again at `now` (an owner gives them more time); false when there is no such admin. */
  async restartGrace(adminId: string, now: Date): Promise<boolean> {
    const rows = await this.db.update(admins).set({ strongFactorRequiredSince: now }).where(eq(admins.id, adminId)).returning({ id: admins.id });
    return rows.length === 1;
  }

  async endGrace(adminId: string): Promise<void> {
    await this.db.update(admins).set({ strongFactorRequiredSince: null }).where(eq(admins.id, adminId));
  }

  /** Whether an active owner has an authenticator app or a passkey: someone who can always sign in to Settings. */
  async anActiveOwnerHasStrongFactor(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt), hasStrongFactor))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Saves the policy, and starts or ends every admin's grace period by it, with the audit entry, in one transaction: an
   * active admin of a covered role without a strong factor starts one now (unless theirs has started); anyone else's
   * ends. A disabled admin starts theirs at their first sign-in once enabled again.
   */
  async save(policy: SignInPolicy, now: Date, audit: (tx: AuditExecutor) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(settings)
        .values({ key: KEY, value: policy })
        .onConflictDoUpdate({ target: settings.key, set: { value: policy, updatedAt: sql`now()` } });
      const lackingOne = lacking(policy.roles);
      await tx
        .update(admins)
        .set({ strongFactorRequiredSince: null })
        .where(and(isNotNull(admins.strongFactorRequiredSince), sql`not ${lackingOne}`));
      await tx
        .update(admins)
        .set({ strongFactorRequiredSince: now })
        .where(and(isNull(admins.strongFactorRequiredSince), isNull(admins.disabledAt), lackingOne));
      await audit(tx);
    });
  }
}
