import pg from "pg";

/**
 * The export benchmark's data set (bench/README.md, "Export benchmark"): `registrations`
 * registrations for one organiser of the generated data set, written with one
 * `INSERT … SELECT generate_series` per table in one transaction, each ANALYZEd. Every row is as
 * an export finds it in production: two custom fields per participant and per customer, an
 * option and two questions per activity, the chosen option and the answers on each registration,
 * and a row of `registration_dates` for each date of its availability.
 *
 * Customers have two participants, and each participant one registration on an availability of
 * the organiser, taken in turn. Does nothing when the organiser already has these customers.
 */
export async function writeExportData(
  databaseUrl: string,
  organiserId: number,
  registrations: number,
): Promise<{ skipped: boolean; counts: Record<string, number> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const prefix = `bench-export-${organiserId}`;
    const existing = await client.query(
      "select 1 from customers where organiser_id = $1 and cuid like $2 limit 1",
      [organiserId, `${prefix}-%`],
    );
    if (existing.rowCount) return { skipped: true, counts: {} };
    const counts: Record<string, number> = {};
    // Each table is analysed as soon as it is written: the next statements join it, and the
    // planner would otherwise take its thousands of new rows for none (nested loops over
    // sequential scans, minutes instead of seconds).
    const run = async (table: string, text: string, values: unknown[]) => {
      const result = await client.query(text, [organiserId, prefix, ...values]);
      counts[table] = (counts[table] ?? 0) + (result.rowCount ?? 0);
      await client.query(`ANALYZE ${table}`);
      return result.rows;
    };
    await client.query("BEGIN");

    const fields = await run(
      "custom_fields",
      `insert into custom_fields (organiser_id, cuid, entity, type, title, "order", choices)
       values ($1, $2 || '-f1', 'PARTICIPANTS', 'TEXT', 'Allergies', 1, '[]'),
              ($1, $2 || '-f2', 'PARTICIPANTS', 'CHOICES_MULTIPLE', 'Centres d''intérêt', 2,
               '[{"id":1,"label":"Sport"},{"id":2,"label":"Nature"},{"id":3,"label":"Arts"}]'),
              ($1, $2 || '-f3', 'CUSTOMERS', 'TEXT', 'Adresse', 3, '[]'),
              ($1, $2 || '-f4', 'CUSTOMERS', 'DATE', 'Membre depuis', 4, '[]')
       returning id`,
      [],
    );
    const [allergies, interests, address, memberSince] = fields.map((row) => row.id as number);

    const options = await run(
      "activity_options",
      `insert into activity_options (organiser_id, cuid, activity_id, title)
       select $1, $2 || '-o' || id, id, 'Garderie' from activities where organiser_id = $1
       returning id`,
      [],
    );
    await run(
      "activity_option_prices",
      `insert into activity_option_prices (organiser_id, cuid, option_id, label, amount)
       select $1, $2 || '-op' || o || '-' || k, o, (array['Matin', 'Matin et soir'])[k], k * 1500
         from unnest($3::int[]) o cross join generate_series(1, 2) k`,
      [options.map((row) => row.id)],
    );
    await run(
      "activity_questions",
      `insert into activity_questions (organiser_id, cuid, activity_id, type, title, "order", choices)
       select $1, $2 || '-q' || a.id || '-' || k, a.id, (array['TEXT', 'CHOICES_SINGLE'])[k],
              (array['Personnes autorisées à venir chercher l''enfant',
                     'Votre enfant sait-il nager ?'])[k], k,
              case k when 1 then '[]'::jsonb
                     else '[{"id":1,"label":"Oui"},{"id":2,"label":"Un peu"},{"id":3,"label":"Non"}]'
              end
         from activities a cross join generate_series(1, 2) k where a.organiser_id = $1`,
      [],
    );

    await run(
      "customers",
      `insert into customers (organiser_id, cuid, firstname, lastname, email, phone, custom_data,
                              wallet_amount)
       select $1, $2 || '-c' || g,
              (array['Camille', 'Lucas', 'Emma', 'Noah', 'Léa', 'Hugo', 'Chloé', 'Louis'])[1 + g % 8],
              (array['Dubois', 'Peeters', 'Janssens', 'Maes', 'Lambert', 'Dupont', 'Martin',
                     'Leroy'])[1 + (g / 8) % 8] || '-' || g,
              $2 || '-' || g || '@example.test', '+32 470 ' || lpad((g % 1000000)::text, 6, '0'),
              jsonb_build_array(
                jsonb_build_object('field_id', $4::int,
                                   'data', 'Rue des Bouleaux ' || g || ', 1170 Bruxelles'),
                jsonb_build_object('field_id', $5::int,
                                   'data', (date '2020-01-01' + g % 1500)::text)),
              (g % 5) * 500
         from generate_series(1, $3::int) g`,
      [Math.ceil(registrations / 2), address, memberSince],
    );
    await run(
      "participants",
      `insert into participants (organiser_id, cuid, customer_id, firstname, lastname, birthdate,
                                 custom_data)
       select $1, $2 || '-p' || c.id || '-' || k, c.id,
              (array['Zoé', 'Arthur', 'Louise', 'Jules', 'Alice', 'Victor', 'Jade', 'Adam'])[1 + (c.id + k) % 8],
              c.lastname, date '2010-01-01' + (c.id * 7 + k * 300) % 4000,
              jsonb_build_array(
                jsonb_build_object('field_id', $3::int,
                                   'data', case when c.id % 4 = 0 then 'Allergie aux arachides' end),
                jsonb_build_object('field_id', $4::int, 'data', 'Sport, Nature'))
         from customers c cross join generate_series(1, 2) k
        where c.organiser_id = $1 and c.cuid like $2 || '-c%'`,
      [allergies, interests],
    );
    await run(
      "carts",
      `insert into carts (organiser_id, cuid, customer_id, reference, processed_at, payment_strategy,
                          total_amount, deposit_amount, paid_amount)
       select $1, $2 || '-cart' || id, id,
              '+++' || lpad((id % 1000)::text, 3, '0') || '/' || lpad((id % 10000)::text, 4, '0')
                || '/' || lpad((id % 100000)::text, 5, '0') || '+++',
              now() - (id % 300) * interval '1 day', 'DELAYED', 24000, 6000, 12000
         from customers where organiser_id = $1 and cuid like $2 || '-c%'`,
      [],
    );
    await run(
      "cart_items",
      `with av as (select array_agg(id order by id) as ids from availabilities where organiser_id = $1)
       insert into cart_items (organiser_id, cuid, cart_id, type, participant_id, availability_id,
                               price, deposit, expires_at)
       select $1, $2 || '-i' || p.id, ca.id, 'REGISTRATION', p.id,
              av.ids[1 + p.id % cardinality(av.ids)], 12000, 3000, ca.processed_at
         from participants p
         join carts ca on ca.organiser_id = p.organiser_id and ca.customer_id = p.customer_id
         cross join av
        where p.organiser_id = $1 and p.cuid like $2 || '-p%'
        order by p.id
        limit $3`,
      [registrations],
    );
    await run(
      "registrations",
      `insert into registrations (organiser_id, cuid, reference, cart_id, cart_item_id, customer_id,
                                  participant_id, availability_id, total_amount, deposit_amount,
                                  paid_amount, cancelled, options, questions, created_at)
       select $1, $2 || '-r' || ci.id, ca.reference, ca.id, ci.id, ca.customer_id, ci.participant_id,
              ci.availability_id, ci.price, ci.deposit, (array[0, 3000, 12000])[1 + ci.id % 3],
              ci.id % 20 = 0,
              jsonb_build_array(jsonb_build_object('price_id', op.id, 'content', null)),
              jsonb_build_array(
                jsonb_build_object('question_id', q.text_id, 'content', 'Mamie, +32 470 12 34 56'),
                jsonb_build_object('question_id', q.choice_id, 'content', 1 + ci.id % 3)),
              ca.processed_at
         from cart_items ci
         join carts ca on ca.organiser_id = ci.organiser_id and ca.id = ci.cart_id
         join availabilities av on av.organiser_id = ci.organiser_id and av.id = ci.availability_id
         cross join lateral (
           select p.id from activity_option_prices p
             join activity_options o on o.organiser_id = p.organiser_id and o.id = p.option_id
            where o.organiser_id = $1 and o.activity_id = av.activity_id
            order by p.id limit 1 offset ci.id % 2) op
         cross join lateral (
           select min(id) filter (where type = 'TEXT') as text_id,
                  min(id) filter (where type = 'CHOICES_SINGLE') as choice_id
             from activity_questions where organiser_id = $1 and activity_id = av.activity_id) q
        where ci.organiser_id = $1 and ci.cuid like $2 || '-i%'`,
      [],
    );
    await run(
      "registration_dates",
      `insert into registration_dates (organiser_id, registration_id, availability_date_id)
       select $1, r.id, d.id
         from registrations r
         join availability_dates d on d.organiser_id = r.organiser_id
                                  and d.availability_id = r.availability_id
        where r.organiser_id = $1 and r.cuid like $2 || '-r%'`,
      [],
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
