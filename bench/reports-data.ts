import pg from "pg";

/**
 * What the reports benchmark adds to the export benchmark's registrations of one organiser
 * (bench/README.md, "Reports benchmark"): attendance taken on two thirds of the places of past
 * dates, an online payment for a third of the orders and a bank transfer for another third, wallet
 * refunds, six collaborators each assigned to a share of the availabilities (half of them with
 * minutes per session), all with `INSERT … SELECT` in one transaction, each table ANALYZEd. Does
 * nothing when the organiser's collaborators are already there.
 */
export async function writeReportData(
  databaseUrl: string,
  organiserId: number,
): Promise<{ skipped: boolean; counts: Record<string, number> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const prefix = `bench-reports-${organiserId}`;
    const existing = await client.query("select 1 from collaborators where email like $1 limit 1", [
      `${prefix}-%`,
    ]);
    if (existing.rowCount) return { skipped: true, counts: {} };
    const counts: Record<string, number> = {};
    const run = async (table: string, text: string, label = table) => {
      const result = await client.query(text, [organiserId, prefix]);
      counts[label] = (counts[label] ?? 0) + (result.rowCount ?? 0);
      await client.query(`ANALYZE ${table}`);
    };
    await client.query("BEGIN");
    await run(
      "registration_dates",
      `update registration_dates rd
          set attendance = (array['PRESENT', 'ABSENT', 'EXCUSED'])[1 + (rd.registration_id % 7) % 3],
              attendance_recorded_at = d.start_at
         from availability_dates d
        where rd.organiser_id = $1 and d.organiser_id = rd.organiser_id
          and d.id = rd.availability_date_id and d.start_at < now()
          and rd.registration_id % 3 <> 0 and $2 <> ''`,
      "attendances taken",
    );
    await run(
      "payments",
      `insert into payments (organiser_id, cuid, purpose, cart_id, provider, provider_payment_id,
                             amount, currency, status, checkout_url, paid_at)
       select $1, $2 || '-pay' || c.id, 'CHECKOUT', c.id, 'test', $2 || '-' || c.id, c.paid_amount,
              'EUR', 'paid', 'https://pay.example.test/' || c.id, c.processed_at + interval '1 hour'
         from carts c where c.organiser_id = $1 and c.processed_at is not null and c.id % 3 = 0
          and c.paid_amount > 0`,
    );
    await run(
      "bank_transfers",
      `insert into bank_transfers (organiser_id, cuid, cart_id, amount, received_on, note)
       select $1, $2 || '-bt' || c.id, c.id, c.paid_amount, (c.processed_at + interval '3 days')::date,
              'bench'
         from carts c where c.organiser_id = $1 and c.processed_at is not null and c.id % 3 = 1
          and c.paid_amount > 0`,
    );
    await run(
      "wallet_transactions",
      `insert into wallet_transactions (organiser_id, cuid, customer_id, amount, reason, created_at)
       select $1, $2 || '-w' || r.id, r.customer_id, r.total_amount, 'REFUND',
              r.created_at + interval '2 days'
         from registrations r where r.organiser_id = $1 and r.cancelled and r.total_amount > 0`,
    );
    await run(
      "collaborators",
      `insert into collaborators (cuid, email, firstname, lastname)
       select $2 || '-co' || g, $2 || '-' || g || '@example.test',
              (array['Sarah', 'Tom', 'Inès', 'Marc', 'Julie', 'Yanis'])[g], 'Moniteur ' || g
         from generate_series(1, 6) g where $1::int > 0`,
    );
    await run(
      "collaborator_roles",
      `insert into collaborator_roles (organiser_id, cuid, name, permissions)
       values ($1, $2 || '-role', 'Moniteurs ' || $2, '{}')`,
    );
    await run(
      "organiser_collaborators",
      `insert into organiser_collaborators (organiser_id, cuid, collaborator_id, role_id)
       select $1, $2 || '-oc' || co.id, co.id, r.id
         from collaborators co
         join collaborator_roles r on r.organiser_id = $1 and r.cuid = $2 || '-role'
        where co.email like $2 || '-%'`,
    );
    await run(
      "availability_collaborators",
      `insert into availability_collaborators (organiser_id, cuid, availability_id,
                                               organiser_collaborator_id, role, minutes_per_session)
       select $1, $2 || '-ax' || a.id || '-' || oc.id, a.id, oc.id, 'Moniteur',
              case when a.id % 2 = 0 then 90 end
         from availabilities a
         join organiser_collaborators oc on oc.organiser_id = a.organiser_id
          and oc.cuid like $2 || '-oc%' and (a.id + oc.id) % 3 = 0
        where a.organiser_id = $1`,
    );
    await client.query("COMMIT");
    return { skipped: false, counts };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
