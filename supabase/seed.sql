-- Savia demo data. Applied after the migrations by `npm run db:reset` / `npm start` (and by the
-- Supabase CLI's `db reset`). Demo only: nothing here is a migration.

-- Settings ------------------------------------------------------------------------------------------
-- The demo company is Colombian and pays its members through Bancolombia, whose bulk-payment file
-- (PAB) is in pesos: its books are in COP, at peso magnitudes (a capsule bottle costs 25.000 COP). The
-- migration's defaults are a dollar company's (a 20 minimum payout, starter bonuses of 10 to 30), so
-- the plan's money moves with the currency: a thousand pesos for each of those dollars.
update public.metadata
   set company_name = 'Savia Natural',
       min_payout = 20000,
       contact_info = E'Teléfono: +57 601 555 0100\nCorreo: hola@savia.test',
       low_stock_threshold = 20,
       currency = 'COP',
       payment_details = E'Bancolombia, cuenta de ahorros 123-456789-00 a nombre de Savia Natural S.A.S. (NIT 900.123.456-8)\nNequi 300 555 0100'
 where id = 'app_settings';

update public.star_level_configs set starter_bonus = starter_bonus * 1000;

-- Payouts go out as Bancolombia PAB files, debited from the company's savings account above.
update public.payout_file_settings
   set company_nit = '900123456', company_nit_dv = 8, debit_account_number = '12345678900', debit_account_type = 'ahorros',
       transaction_class = '220', enabled_layouts = '{bancolombia_pab}'
 where id = 'app_settings';

-- Staff: invitations, accepted on first sign-in by the link trigger ----------------------------------
insert into public.staff_invitations (email, role, finance) values
  ('sofia.finanzas@savia.test', 'superadmin', true),
  ('diego.super@savia.test', 'superadmin', false),
  ('laura.admin@savia.test', 'admin', false);

-- A person with a Google account but no role (sin_rol): created before registration rules applied.
do $$
declare
  v_id uuid := 'c0ffee00-0000-4000-8000-000000000001';
begin
  insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated', 'pedro.sinrol@savia.test', now(),
          '{"provider":"google","providers":["google"]}', '{"full_name":"Pedro Salazar","email":"pedro.sinrol@savia.test"}', now(), now());
  insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
  values ('google-pedro-sinrol', v_id,
          jsonb_build_object('sub', 'google-pedro-sinrol', 'email', 'pedro.sinrol@savia.test', 'full_name', 'Pedro Salazar', 'email_verified', true),
          'google', now(), now());
end
$$;

-- Members: a network seven levels from the root, five generations below María (member A) --------------
do $$
declare
  r record;
begin
  for r in
    select * from (values
      -- ord, email, name, enroller e-mail, active, star, status, city
      ( 1, 'andres.raiz@savia.test',       'Andrés Gómez',       null,                           true,  4, 'registered', 'Bogotá'),
      ( 2, 'maria.activa@savia.test',      'María Fernández',    'andres.raiz@savia.test',       true,  3, 'registered', 'Medellín'),
      ( 3, 'lucia.b@savia.test',           'Lucía Herrera',      'andres.raiz@savia.test',       true,  2, 'registered', 'Cali'),
      ( 4, 'jorge.mendez@savia.test',      'Jorge Méndez',       'andres.raiz@savia.test',       false, 1, 'registered', 'Barranquilla'),
      ( 5, 'carlos.inactivo@savia.test',   'Carlos Rodríguez',   'maria.activa@savia.test',      false, 1, 'registered', 'Medellín'),
      ( 6, 'ana.torres@savia.test',        'Ana Torres',         'maria.activa@savia.test',      true,  2, 'registered', 'Envigado'),
      ( 7, 'luis.ramirez@savia.test',      'Luis Ramírez',       'maria.activa@savia.test',      true,  1, 'registered', 'Itagüí'),
      ( 8, 'paula.castro@savia.test',      'Paula Castro',       'maria.activa@savia.test',      false, 1, 'registered', 'Bello'),
      ( 9, 'camila.rojas@savia.test',      'Camila Rojas',       'lucia.b@savia.test',           true,  1, 'registered', 'Palmira'),
      (10, 'andrea.silva@savia.test',      'Andrea Silva',       'lucia.b@savia.test',           false, 1, 'registered', 'Cali'),
      (11, 'felipe.vargas@savia.test',     'Felipe Vargas',      'lucia.b@savia.test',           true,  1, 'registered', 'Buga'),
      (12, 'natalia.ortiz@savia.test',     'Natalia Ortiz',      'jorge.mendez@savia.test',      true,  1, 'registered', 'Soledad'),
      (13, 'sergio.blanco@savia.test',     'Sergio Blanco',      'jorge.mendez@savia.test',      false, 1, 'registered', 'Santa Marta'),
      (14, 'adriana.reyes@savia.test',     'Adriana Reyes',      'lucia.b@savia.test',           true,  1, 'registered', 'Tuluá'),
      (15, 'sebastian.morales@savia.test', 'Sebastián Morales',  'ana.torres@savia.test',        true,  1, 'registered', 'Envigado'),
      (16, 'valentina.gil@savia.test',     'Valentina Gil',      'ana.torres@savia.test',        true,  1, 'registered', 'Sabaneta'),
      (17, 'mateo.jimenez@savia.test',     'Mateo Jiménez',      'ana.torres@savia.test',        false, 1, 'registered', 'Envigado'),
      (18, 'isabella.ruiz@savia.test',     'Isabella Ruiz',      'carlos.inactivo@savia.test',   true,  1, 'registered', 'Rionegro'),
      (19, 'daniela.moreno@savia.test',    'Daniela Moreno',     'luis.ramirez@savia.test',      true,  1, 'registered', 'Itagüí'),
      (20, 'santiago.alvarez@savia.test',  'Santiago Álvarez',   'luis.ramirez@savia.test',      false, 1, 'registered', 'La Estrella'),
      (21, 'gabriela.romero@savia.test',   'Gabriela Romero',    'camila.rojas@savia.test',      true,  1, 'registered', 'Palmira'),
      (22, 'juan.navarro@savia.test',      'Juan Navarro',       'camila.rojas@savia.test',      false, 1, 'registered', 'Jamundí'),
      (23, 'monica.arias@savia.test',      'Mónica Arias',       'andrea.silva@savia.test',      true,  1, 'registered', 'Cali'),
      (24, 'hector.pardo@savia.test',      'Héctor Pardo',       'felipe.vargas@savia.test',     false, 1, 'registered', 'Buga'),
      (25, 'veronica.leon@savia.test',     'Verónica León',      'natalia.ortiz@savia.test',     true,  1, 'registered', 'Soledad'),
      (26, 'sara.dominguez@savia.test',    'Sara Domínguez',     'sebastian.morales@savia.test', true,  1, 'registered', 'Envigado'),
      (27, 'nicolas.molina@savia.test',    'Nicolás Molina',     'sebastian.morales@savia.test', false, 1, 'registered', 'Caldas'),
      (28, 'mariana.suarez@savia.test',    'Mariana Suárez',     'valentina.gil@savia.test',     true,  1, 'registered', 'Sabaneta'),
      (29, 'julia.nieto@savia.test',       'Julia Nieto',        'mateo.jimenez@savia.test',     false, 1, 'registered', 'Envigado'),
      (30, 'pablo.guerrero@savia.test',    'Pablo Guerrero',     'isabella.ruiz@savia.test',     true,  1, 'registered', 'Rionegro'),
      (31, 'alejandro.ortega@savia.test',  'Alejandro Ortega',   'daniela.moreno@savia.test',    true,  1, 'registered', 'Itagüí'),
      (32, 'catalina.delgado@savia.test',  'Catalina Delgado',   'daniela.moreno@savia.test',    false, 1, 'registered', 'Medellín'),
      (33, 'elena.campos@savia.test',      'Elena Campos',       'santiago.alvarez@savia.test',  true,  1, 'registered', 'La Estrella'),
      (34, 'emilio.castillo@savia.test',   'Emilio Castillo',    'gabriela.romero@savia.test',   true,  1, 'registered', 'Palmira'),
      (35, 'ivan.cardenas@savia.test',     'Iván Cárdenas',      'juan.navarro@savia.test',      false, 1, 'registered', 'Jamundí'),
      (36, 'tomas.medina@savia.test',      'Tomás Medina',       'sara.dominguez@savia.test',    true,  1, 'registered', 'Envigado'),
      (37, 'raul.ibanez@savia.test',       'Raúl Ibáñez',        'mariana.suarez@savia.test',    false, 1, 'registered', 'Sabaneta'),
      (38, 'lorena.pena@savia.test',       'Lorena Peña',        'tomas.medina@savia.test',      true,  1, 'registered', 'Envigado'),
      (39, 'teresa.vidal@savia.test',      'Teresa Vidal',       'lorena.pena@savia.test',       false, 1, 'registered', 'Envigado'),
      (40, 'ricardo.pendiente@savia.test', 'Ricardo Pineda',     'maria.activa@savia.test',      false, 1, 'pending',    'Medellín')
    ) as t(ord, email, name, enroller, active, star, status, city)
    order by ord
  loop
    insert into public.clients (name, email, phone, document_number, address, city, slug, landing_message,
                                enroller_id, star_level, is_active, enrollment_status, joined_at)
    values (
      r.name, r.email,
      '+57 3' || lpad((100000000 + r.ord * 7654321 % 99999999)::text, 9, '0'),
      'CC ' || (10000000 + r.ord * 1234567 % 89999999)::text,
      'Calle ' || (r.ord * 3) || ' # ' || (r.ord + 10) || '-' || (r.ord * 2 + 5),
      r.city,
      case when r.status = 'registered'
           then lower(translate(replace(r.name, ' ', '-'), 'áéíóúñÁÉÍÓÚÑ', 'aeiounAEIOUN')) end,
      case when r.status = 'registered'
           then 'Hola, soy ' || split_part(r.name, ' ', 1) || '. Te acompaño a cuidar tu salud con plantas.' end,
      (select c.id from public.clients c where c.email = r.enroller),
      r.star, r.active, r.status,
      case when r.status = 'registered' then now() - make_interval(days => 400 - r.ord * 8) end
    );
  end loop;
end
$$;

-- Payout accounts (Mi Cuenta): every registered member but Carlos has one, in their own name, mostly at
-- Bancolombia, some at Davivienda or in Nequi (the wallet's number is the member's mobile). Saved
-- before the history starts, so the requests of the past months are approved with them.
select set_config('savia.now', (now() - interval '6 months')::text, false);
insert into public.payout_accounts (client_id, institution_code, account_type, account_number, holder_name, holder_document_type, holder_document_number)
select c.id,
       case when c.member_no % 5 = 0 then '1507' when c.member_no % 7 = 0 then '1051' else '1007' end,
       case when c.member_no % 5 = 0 then 'deposito_electronico' when c.member_no % 3 = 0 then 'corriente' else 'ahorros' end,
       case when c.member_no % 5 = 0 then pg_catalog.right(pg_catalog.regexp_replace(c.phone, '\D', '', 'g'), 10)
            when c.member_no % 7 = 0 then pg_catalog.lpad((4000000000 + c.member_no * 7919)::text, 12, '0')
            else pg_catalog.lpad((30000000000 + c.member_no * 104729)::text, 11, '0') end,
       c.name, 'CC', private.document_key(c.document_number)
  from public.clients c
 where c.enrollment_status = 'registered' and c.email <> 'carlos.inactivo@savia.test';
select set_config('savia.now', '', false);

-- Suppliers, catalogue (some products below the low-stock threshold), costs, recipes -------------------------
insert into public.suppliers (name, tax_id, contact_name, email, phone, notes) values
  ('Herbolaria Andina S.A.S.', '900.123.456-1', 'Rosa Quintero', 'ventas@herbolaria-andina.test', '+57 604 444 1200', 'Plantas secas y extractos de Antioquia.'),
  ('Aceites del Valle Ltda.', '900.654.321-7', 'Germán Prieto', 'pedidos@aceitesdelvalle.test', '+57 602 333 8800', 'Aceites esenciales y vegetales.'),
  ('Envases Verdes', '901.222.333-4', 'Liliana Mora', 'hola@envasesverdes.test', '+57 601 222 7000', 'Frascos, goteros y cajas del kit.');

insert into public.products (sku, name, description, category, benefits, price, commissionable_amount, points, stock, is_kit) values
  ('KIT-INICIO', 'Kit de Inicio Savia', 'Moringa, té verde, aceite de lavanda y catálogo impreso para empezar tu negocio.', 'Kits', '{}', 60000, 50000, 100, 40, true),
  ('MOR-500', 'Moringa en cápsulas', 'Hoja de moringa pulverizada, 90 cápsulas de 500 mg.', 'Suplementos', '{energia,nutricion}', 25000, 20000, 25, 120, false),
  ('CUR-300', 'Cúrcuma con pimienta', 'Cúrcuma y pimienta negra, 60 cápsulas.', 'Suplementos', '{articulaciones,inflamacion}', 22000, 18000, 22, 15, false),
  ('TVE-020', 'Té verde orgánico', 'Hojas de té verde, caja de 20 sobres.', 'Infusiones', '{energia,antioxidante}', 9500, 8000, 10, 200, false),
  ('MAN-020', 'Manzanilla y menta', 'Infusión digestiva, caja de 20 sobres.', 'Infusiones', '{digestion,relajacion}', 8000, 6500, 8, 8, false),
  ('VAL-060', 'Valeriana y pasiflora', 'Apoyo para el descanso, 60 cápsulas.', 'Suplementos', '{descanso,relajacion}', 24000, 20000, 24, 60, false),
  ('LAV-030', 'Aceite esencial de lavanda', 'Lavanda 100 % pura, 30 ml.', 'Aceites', '{relajacion,descanso,piel}', 18000, 15000, 18, 5, false),
  ('ROM-030', 'Aceite esencial de romero', 'Romero 100 % puro, 30 ml.', 'Aceites', '{concentracion,cabello}', 17000, 14000, 17, 45, false),
  ('ALO-250', 'Gel de aloe vera', 'Gel puro de sábila, 250 ml.', 'Cuidado personal', '{piel}', 14000, 11000, 14, 70, false),
  ('JEN-060', 'Jengibre en cápsulas', 'Raíz de jengibre, 60 cápsulas.', 'Suplementos', '{digestion,inflamacion}', 19000, 16000, 19, 12, false),
  ('CAL-050', 'Crema de caléndula', 'Crema calmante de caléndula, 50 g.', 'Cuidado personal', '{piel}', 16000, 13000, 16, 90, false),
  ('EQU-020', 'Cola de caballo', 'Infusión diurética, caja de 20 sobres.', 'Infusiones', '{hidratacion}', 9000, 7000, 9, 0, false),
  ('ESP-120', 'Espirulina en tabletas', 'Alga espirulina, 120 tabletas.', 'Suplementos', '{energia,nutricion}', 28000, 23000, 28, 35, false),
  ('PRO-030', 'Propóleo en gotas', 'Extracto de propóleo, 30 ml.', 'Suplementos', '{defensas}', 15000, 12000, 15, 18, false),
  ('CHI-500', 'Semillas de chía', 'Chía orgánica, 500 g.', 'Alimentos', '{digestion,nutricion}', 11000, 9000, 11, 150, false);
update public.products set is_active = false where sku = 'EQU-020';
-- Each demo product's picture, an illustration in supabase/seed-photos/<SKU>.webp: the local stack uploads
-- it to this path when it starts (scripts/stack/demo-photos.mjs).
update public.products set image_path = id || '/' || lower(sku) || '.webp';
-- What the Análisis de Salud rules out for whoever avoids it (caffeine, bee products).
update public.products set components = '{cafeina}' where sku = 'TVE-020';
update public.products set components = '{abejas}' where sku = 'PRO-030';

insert into public.product_costs (product_id, unit_cost, supplier_id)
select p.id, round(p.price * case when p.is_kit then 0.45 else 0.38 end, 2),
       (select s.id from public.suppliers s
         where s.name = case when p.category = 'Aceites' then 'Aceites del Valle Ltda.'
                             when p.is_kit then 'Envases Verdes' else 'Herbolaria Andina S.A.S.' end)
  from public.products p;

insert into public.recipes (title, description, instructions, benefits) values
  ('Infusión digestiva de manzanilla y jengibre', 'Para después de comidas pesadas.',
   E'1. Calienta 250 ml de agua sin hervir.\n2. Añade un sobre de manzanilla y menta y el contenido de una cápsula de jengibre.\n3. Reposa 5 minutos y bebe tibio.', '{digestion}'),
  ('Batido verde de moringa y chía', 'Desayuno rápido con energía.',
   E'1. Licúa una banana, 200 ml de leche vegetal y una cucharada de chía hidratada.\n2. Añade el contenido de una cápsula de moringa.\n3. Sirve de inmediato.', '{energia,nutricion}'),
  ('Ritual de descanso con lavanda', 'Antes de dormir.',
   E'1. Toma una cápsula de valeriana y pasiflora 30 minutos antes de acostarte.\n2. Pon 3 gotas de aceite de lavanda en la almohada.', '{descanso,relajacion}');

insert into public.recipe_products (recipe_id, product_id, amount)
select r.id, p.id, x.amount
  from (values
    ('Infusión digestiva de manzanilla y jengibre', 'MAN-020', '1 sobre'),
    ('Infusión digestiva de manzanilla y jengibre', 'JEN-060', '1 cápsula'),
    ('Batido verde de moringa y chía', 'MOR-500', '1 cápsula'),
    ('Batido verde de moringa y chía', 'CHI-500', '1 cucharada'),
    ('Ritual de descanso con lavanda', 'VAL-060', '1 cápsula'),
    ('Ritual de descanso con lavanda', 'LAV-030', '3 gotas')
  ) as x(title, sku, amount)
  join public.recipes r on r.title = x.title
  join public.products p on p.sku = x.sku;

-- What each supplier supplies (Proveedores): the products whose cost names it.
insert into public.supplier_products (supplier_id, product_id)
select c.supplier_id, c.product_id from public.product_costs c where c.supplier_id is not null;

-- A restock from a supplier, as the back office records it.
insert into public.stock_movements (product_id, quantity, kind, supplier_id, note)
select p.id, 24, 'restock', s.id, 'Reposición de demostración'
  from public.products p, public.suppliers s
 where p.sku = 'MOR-500' and s.name = 'Herbolaria Andina S.A.S.';

-- A couple of leads from María's public page.
insert into public.leads (client_id, name, email, phone, message, consented_at)
select c.id, x.name, x.email, x.phone, x.message, now()
  from public.clients c,
       (values ('Gloria Patiño', 'gloria.patino@correo.test', null, 'Quiero información sobre la moringa.'),
               ('Hernán Ospina', null, '+57 311 555 0101', 'Me interesa unirme a la red.')) as x(name, email, phone, message)
 where c.email = 'maria.activa@savia.test';

-- The auth emulator's account chooser -------------------------------------------------------------------
create or replace function private.demo_accounts()
returns table (email text, name text, label text, sort_key integer)
language sql
stable
set search_path = ''
as $$
  -- `name` is what Google would report as the person's name: the enrolled name for members.
  select t.email, coalesce(c.name, t.name), t.label, t.sort_key
    from (values
      ('sofia.finanzas@savia.test',    'Sofía Ramírez',  'Superadmin con finanzas',                        10),
      ('diego.super@savia.test',       'Diego Herrera',  'Superadmin sin finanzas',                        20),
      ('laura.admin@savia.test',       'Laura Gómez',    'Administradora',                                 30),
      ('pedro.sinrol@savia.test',      'Pedro Salazar',  'Cuenta sin rol',                                 40),
      ('maria.activa@savia.test',      null,             'Miembro activa (A), cerca de la cima de la red', 50),
      ('lucia.b@savia.test',           null,             'Miembro activa (B), en otra rama',               60),
      ('carlos.inactivo@savia.test',   null,             'Miembro inactivo',                               70),
      ('andres.raiz@savia.test',       null,             'Miembro en la raíz de la red',                   80),
      ('lorena.pena@savia.test',       null,             'Miembro de 5.ª generación bajo María',           90),
      ('ricardo.pendiente@savia.test', null,             'Enrolamiento pendiente (aún no puede entrar)',   100)
    ) as t(email, name, label, sort_key)
    left join public.clients c on lower(c.email) = t.email
$$;
comment on function private.demo_accounts() is
  'Cuentas de demostración que ofrece el selector del emulador de autenticación (solo datos demo, definida en seed.sql).';
