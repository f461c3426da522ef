-- Storage buckets and their policies. Object names start with a folder that the policy checks:
--   payment-vouchers/<client id>/<file>   a member's payment voucher (private)
--   product-images/<product id>/<file>    catalogue photos (public, shown on the landing page)
--   recipe-images/<recipe id>/<file>      recipe photos (public: members' public pages show them)

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('payment-vouchers', 'payment-vouchers', false, 5242880, array['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  ('product-images', 'product-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('recipe-images', 'recipe-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Vouchers: a member uploads and reads only inside their own folder; staff read all (approvals);
-- nobody overwrites one (evidence), only superadmin deletes.
create policy "vouchers: el miembro sube a su carpeta" on storage.objects for insert to authenticated
  with check (bucket_id = 'payment-vouchers'
              and (storage.foldername(name))[1] = (select private.my_client_id())::text);
create policy "vouchers: el miembro lee su carpeta" on storage.objects for select to authenticated
  using (bucket_id = 'payment-vouchers'
         and (storage.foldername(name))[1] = (select private.my_client_id())::text);
create policy "vouchers: el personal lee todos" on storage.objects for select to authenticated
  using (bucket_id = 'payment-vouchers' and (select private.is_staff()));
create policy "vouchers: superadmin borra" on storage.objects for delete to authenticated
  using (bucket_id = 'payment-vouchers' and (select private.is_superadmin()));

-- Product images: anyone reads (public landing), staff write.
create policy "productos: lectura pública" on storage.objects for select to anon, authenticated
  using (bucket_id = 'product-images');
create policy "productos: el personal sube" on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and (select private.is_staff()));
create policy "productos: el personal reemplaza" on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select private.is_staff()))
  with check (bucket_id = 'product-images' and (select private.is_staff()));
create policy "productos: el personal borra" on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select private.is_staff()));

-- Recipe images: staff write and list them; the bucket is public (the photos of recipes are shown on
-- members' public pages by their URL, the file name a random UUID), but anon lists nothing.
create policy "recetas: el personal lee" on storage.objects for select to authenticated
  using (bucket_id = 'recipe-images' and (select private.is_staff()));
create policy "recetas: el personal sube" on storage.objects for insert to authenticated
  with check (bucket_id = 'recipe-images' and (select private.is_staff()));
create policy "recetas: el personal reemplaza" on storage.objects for update to authenticated
  using (bucket_id = 'recipe-images' and (select private.is_staff()))
  with check (bucket_id = 'recipe-images' and (select private.is_staff()));
create policy "recetas: el personal borra" on storage.objects for delete to authenticated
  using (bucket_id = 'recipe-images' and (select private.is_staff()));
