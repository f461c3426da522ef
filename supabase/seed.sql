-- Savia demo data. Applied after the migrations by `npm run db:reset` / `npm start` (and by the
-- Supabase CLI's `db reset`). Demo only: nothing here is a migration.

-- Settings ------------------------------------------------------------------------------------------
update public.metadata
   set company_name = 'Savia Natural',
       contact_info = E'Teléfono: +57 601 555 0100\nCorreo: hola@savia.test',
       low_stock_threshold = 20
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

-- The auth emulator's account chooser -------------------------------------------------------------------
create or replace function private.demo_accounts()
returns table (email text, label text, sort_key integer)
language sql
stable
set search_path = ''
as $$
  select * from (values
    ('sofia.finanzas@savia.test',    'Superadmin con finanzas',                          10),
    ('diego.super@savia.test',       'Superadmin sin finanzas',                          20),
    ('laura.admin@savia.test',       'Administradora',                                   30),
    ('pedro.sinrol@savia.test',      'Cuenta sin rol',                                   40),
    ('maria.activa@savia.test',      'Miembro activa (A), cerca de la cima de la red',   50),
    ('lucia.b@savia.test',           'Miembro activa (B), en otra rama',                 60),
    ('carlos.inactivo@savia.test',   'Miembro inactivo',                                 70),
    ('andres.raiz@savia.test',       'Miembro en la raíz de la red',                     80),
    ('lorena.pena@savia.test',       'Miembro de 5.ª generación bajo María',             90),
    ('ricardo.pendiente@savia.test', 'Enrolamiento pendiente (aún no puede entrar)',     100)
  ) as t(email, label, sort_key)
$$;
comment on function private.demo_accounts() is
  'Cuentas de demostración que ofrece el selector del emulador de autenticación (solo datos demo, definida en seed.sql).';
