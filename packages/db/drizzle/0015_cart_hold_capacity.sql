-- Capacity of a date under concurrent adds (docs/decisions/0008-cart-holds.md): every new hold
-- (a cart_item_dates row) is checked when its transaction COMMITS, by a deferred constraint
-- trigger that locks the date's row and counts registered + live holds there.
--
-- Why at commit: the lock that serialises the adds of one date is then held only while the
-- commit itself runs, never while the application reads, computes or waits for the network.
-- Taking it earlier (SELECT ... FOR UPDATE, then count, then insert, as before) kept it for every
-- statement of the rest of the request, and every other add and checkout of the date queued
-- behind it.
--
-- Why a trigger function and not one statement: under READ COMMITTED a statement sees the
-- snapshot taken when it started, before it waited for the lock, so a single
-- `WITH locked AS (... FOR UPDATE) INSERT ... WHERE count(...) ...` would miss the holds of the
-- transaction it waited for. In a PL/pgSQL function each statement takes a new snapshot: the
-- count that follows the lock sees every hold committed before it.
--
-- The lock is FOR NO KEY UPDATE, like checkout's (`lockDates`) and like the UPDATE of
-- `registered`: it excludes the other adds' checks and the checkouts of the date, but not the
-- FOR KEY SHARE lock that the foreign key of every new hold takes on the date's row; with FOR
-- UPDATE, two adds each holding that share lock would wait for each other at commit (deadlock).
-- The rows of one add are inserted in date order (modules/carts/queries.ts `holdPlaces`), so the
-- trigger locks dates in ascending id order, as checkout does: no deadlock. A violation aborts
-- the COMMIT with SQLSTATE 23514 and constraint `cart_item_dates_capacity`, which the server
-- answers 409 AVAILABILITY_FULL. A null capacity is unlimited.
CREATE FUNCTION cart_item_dates_check_capacity() RETURNS trigger
LANGUAGE plpgsql
-- Planned on every run: PL/pgSQL keeps a generic plan after five runs, and one made while the
-- cart tables were small would go on scanning them once they have grown.
SET plan_cache_mode = force_custom_plan
AS $$
DECLARE
  date_capacity integer;
  date_registered integer;
  held integer;
BEGIN
  SELECT capacity, registered INTO date_capacity, date_registered
    FROM availability_dates
   WHERE organiser_id = NEW.organiser_id AND id = NEW.availability_date_id
     FOR NO KEY UPDATE;
  IF NOT FOUND OR date_capacity IS NULL THEN
    RETURN NULL;
  END IF;
  -- Live holds: items not expired, of carts not processed (this transaction's included). Each
  -- hold's item and cart are reached by their keys in a scalar subquery: index lookups, where a
  -- join could be planned as a scan of all the organiser's items.
  SELECT count(*) INTO held
    FROM cart_item_dates h
   WHERE h.organiser_id = NEW.organiser_id
     AND h.availability_date_id = NEW.availability_date_id
     AND coalesce((
           SELECT i.expires_at > clock_timestamp() AND c.processed_at IS NULL
             FROM cart_items i
             JOIN carts c ON c.organiser_id = i.organiser_id AND c.id = i.cart_id
            WHERE i.organiser_id = h.organiser_id AND i.id = h.cart_item_id), false);
  IF date_registered + held > date_capacity THEN
    RAISE EXCEPTION 'availability date % is full', NEW.availability_date_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'cart_item_dates_capacity';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER cart_item_dates_capacity
  AFTER INSERT ON cart_item_dates
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION cart_item_dates_check_capacity();
--> statement-breakpoint
-- A processed cart's holds became registrations (counted in availability_dates.registered and
-- listed in registration_dates): checkout now deletes them, so the counts above only read the
-- holds of open carts. The carts processed before this migration lose theirs here.
DELETE FROM cart_item_dates h
 USING cart_items i, carts c
 WHERE i.organiser_id = h.organiser_id AND i.id = h.cart_item_id
   AND c.organiser_id = i.organiser_id AND c.id = i.cart_id
   AND c.processed_at IS NOT NULL;
