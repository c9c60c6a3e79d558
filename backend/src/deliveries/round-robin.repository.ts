import { ADMIN_AREAS, ITEM_KINDS, type NotificationRouteKey, type WorkItemKind } from '@brightwave/common';
import { sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { AuditRepository, type AuditExecutor } from '../audit/audit.repository';
import type { Database } from '../database/database';
import { admins, auditEntries, deliveries, settings } from '../database/schema';
import { sqlRows } from '../database/sql-rows';

/** The round-robin of a submission's route (Settings → Notifications): the chosen admins, in the screen's order. */
export interface Assignment {
  route: NotificationRouteKey;
  assignees: string[];
}

/** The admin a new item went to. */
export interface Assignee {
  id: string;
  email: string;
  name: string;
}

/** The payload of an automatic assignment's mail: nobody assigned it (delivery-mails.ts says "automatically"). */
const AUTOMATIC = { assignedBy: null };

/**
 * The turns of a route are counted in a row of the settings table, `round_robin.<route>` (a JSON number), so every
 * instance takes the next turn from the same counter: the upsert locks the row until the submission commits.
 */
const turnKey = (route: NotificationRouteKey) => `round_robin.${route}`;

/**
 * The SQL of the round-robin, written once for the statement of a lead or contact message (CTEs beside its insert,
 * fed by placeholders) and the transaction of an application (one query, fed by values):
 * - `eligible`: the chosen admins who are active and whose role still covers the kind's area, numbered in the
 *   route's order;
 * - `turn`: the route's counter, taken (0 the first time, then one more each time) only when someone is eligible and
 *   the item is not spam (`skip`);
 * - `assignee`: the eligible admin whose number is the turn modulo how many are eligible.
 */
function roundRobinSql(kind: WorkItemKind, names: { eligible: SQL; turn: SQL }, given: { assignees: SQL; turnKey: SQL; skip: SQL }) {
  const roles = ADMIN_AREAS[ITEM_KINDS[kind].area];
  const { eligible, turn } = names;
  return {
    eligible: sql`select id, email, name,
        (row_number() over (order by array_position(${given.assignees}::uuid[], id)))::int - 1 as place,
        (count(*) over ())::int as total
      from ${admins}
      where id = any(${given.assignees}::uuid[]) and disabled_at is null and role = any(${sql.param(roles)}::text[])`,
    turn: sql`insert into ${settings} (key, value)
      select ${given.turnKey}::text, '0'::jsonb
      where exists (select 1 from ${eligible}) and not ${given.skip}
      on conflict (key) do update set value = to_jsonb((settings.value #>> '{}')::bigint + 1), updated_at = now()
      returning (value #>> '{}')::bigint as number`,
    assignee: sql`select ${eligible}.id, ${eligible}.email, ${eligible}.name
      from ${eligible}, ${turn}
      where ${eligible}.place = ${turn}.number % ${eligible}.total`,
  };
}

/**
 * Hands new items to a route's chosen admins in turn (decision 058), in the statement or transaction that stores the
 * item: the owner, the owner's mail (`<kind>.assigned`, through the outbox) and the audit entry the item's timeline
 * shows (`<kind>.owner_changed` by the system) exist with the item, or not at all. Spam gets no owner.
 */
export class RoundRobinRepository {
  /**
   * CTEs `eligible`, `turn` and `assignee` for the statement of a submission, before its `inserted` CTE, whose
   * `owner_id` is `ownerOf(assignee)`. Placeholders `assignees` (uuid[]) and `turnKey` (text), see `params`; `spam`
   * is the submission's spam flag as the statement computes it.
   */
  static assigneeWith(db: Database, kind: WorkItemKind, spam: SQL) {
    const eligible = db.$with('eligible', {});
    const turn = db.$with('turn', {});
    const queries = roundRobinSql(
      kind,
      { eligible: sql`${sql.identifier('eligible')}`, turn: sql`${sql.identifier('turn')}` },
      { assignees: sql`${sql.placeholder('assignees')}`, turnKey: sql`${sql.placeholder('turnKey')}`, skip: spam },
    );
    return [eligible.as(queries.eligible), turn.as(queries.turn), db.$with('assignee', {}).as(queries.assignee)] as const;
  }

  /** The `owner_id` of the inserted submission: the assignee, or null. */
  static ownerOf(assignee: WithSubquery<'assignee'>): SQL {
    return sql`(select id from ${assignee})`;
  }

  /** CTEs writing the assignee's mail and the audit entry of the assignment, beside the `inserted` submission. */
  static announcedWith(db: Database, kind: WorkItemKind, inserted: WithSubquery<'inserted'>, assignee: WithSubquery<'assignee'>) {
    const mail = db.$with('assigned_mail', {}).as(
      sql`insert into ${deliveries} (topic, recipient, subject_id, payload)
          select ${`${kind}.assigned`}::text, ${assignee}.email, ${inserted}.id, ${JSON.stringify(AUTOMATIC)}::jsonb
          from ${inserted}, ${assignee}`,
    );
    const audit = db.$with('assigned_audit', {}).as(
      sql`insert into ${auditEntries} (actor, action, target_kind, target_id, details)
          select 'system', ${`${kind}.owner_changed`}::text, ${kind}::text, ${inserted}.id::text,
            jsonb_build_object('from', null, 'fromName', null, 'to', ${assignee}.id, 'toName', ${assignee}.name)
          from ${inserted}, ${assignee}`,
    );
    return [mail, audit] as const;
  }

  /** The placeholders of `assigneeWith` (no assignment: nobody is eligible, the counter is left alone). */
  static params(assignment: Assignment | undefined) {
    return { assignees: assignment?.assignees ?? [], turnKey: assignment ? turnKey(assignment.route) : null };
  }

  /** Takes the route's next turn inside the caller's transaction (an application): the admin it falls to, if any. */
  static async take(tx: Pick<Database, 'execute'>, kind: WorkItemKind, assignment: Assignment): Promise<Assignee | undefined> {
    const eligible = sql`${sql.identifier('eligible')}`;
    const turn = sql`${sql.identifier('turn')}`;
    const queries = roundRobinSql(
      kind,
      { eligible, turn },
      { assignees: sql`${sql.param(assignment.assignees)}`, turnKey: sql`${turnKey(assignment.route)}`, skip: sql`false` },
    );
    const [assignee] = await sqlRows<Assignee>(tx, sql`with ${eligible} as (${queries.eligible}), ${turn} as (${queries.turn}) ${queries.assignee}`);
    return assignee;
  }

  /** Writes the assignee's mail and the audit entry of the assignment of item `id`, inside the caller's transaction. */
  static async announce(tx: AuditExecutor, kind: WorkItemKind, id: string, assignee: Assignee): Promise<void> {
    await tx.insert(deliveries).values({ topic: `${kind}.assigned`, recipient: assignee.email, subjectId: id, payload: AUTOMATIC });
    await AuditRepository.insert(tx, {
      actor: 'system',
      action: `${kind}.owner_changed`,
      adminId: null,
      adminEmail: null,
      targetKind: kind,
      targetId: id,
      address: null,
      userAgent: null,
      details: { from: null, fromName: null, to: assignee.id, toName: assignee.name },
    });
  }
}
