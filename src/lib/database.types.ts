export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      audit_logs: {
        Row: {
          action: string
          actor_id: string | null
          actor_role: string | null
          db_role: string
          id: number
          new_values: Json | null
          occurred_at: string
          old_values: Json | null
          row_id: string | null
          table_name: string
        }
        Insert: {
          action: string
          actor_id?: string | null
          actor_role?: string | null
          db_role?: string
          id?: never
          new_values?: Json | null
          occurred_at?: string
          old_values?: Json | null
          row_id?: string | null
          table_name: string
        }
        Update: {
          action?: string
          actor_id?: string | null
          actor_role?: string | null
          db_role?: string
          id?: never
          new_values?: Json | null
          occurred_at?: string
          old_values?: Json | null
          row_id?: string | null
          table_name?: string
        }
        Relationships: []
      }
      benefits: {
        Row: {
          key: string
          label: string
          sort_order: number
        }
        Insert: {
          key: string
          label: string
          sort_order: number
        }
        Update: {
          key?: string
          label?: string
          sort_order?: number
        }
        Relationships: []
      }
      clients: {
        Row: {
          address: string | null
          auth_uid: string | null
          city: string | null
          created_at: string
          document_number: string | null
          email: string
          email_set_at: string | null
          email_set_by: string | null
          enroller_id: string | null
          enrollment_status: string
          id: string
          is_active: boolean
          joined_at: string | null
          landing_message: string | null
          member_no: number
          name: string
          path: unknown
          phone: string | null
          slug: string | null
          star_level: number
          updated_at: string
        }
        Insert: {
          address?: string | null
          auth_uid?: string | null
          city?: string | null
          created_at?: string
          document_number?: string | null
          email: string
          email_set_at?: string | null
          email_set_by?: string | null
          enroller_id?: string | null
          enrollment_status?: string
          id?: string
          is_active?: boolean
          joined_at?: string | null
          landing_message?: string | null
          member_no?: never
          name: string
          path: unknown
          phone?: string | null
          slug?: string | null
          star_level?: number
          updated_at?: string
        }
        Update: {
          address?: string | null
          auth_uid?: string | null
          city?: string | null
          created_at?: string
          document_number?: string | null
          email?: string
          email_set_at?: string | null
          email_set_by?: string | null
          enroller_id?: string | null
          enrollment_status?: string
          id?: string
          is_active?: boolean
          joined_at?: string | null
          landing_message?: string | null
          member_no?: never
          name?: string
          path?: unknown
          phone?: string | null
          slug?: string | null
          star_level?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "clients_enroller_id_fkey"
            columns: ["enroller_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "clients_star_level_fkey"
            columns: ["star_level"]
            isOneToOne: false
            referencedRelation: "star_level_configs"
            referencedColumns: ["level"]
          },
        ]
      }
      enroller_changes: {
        Row: {
          changed_at: string
          changed_by: string
          client_id: string
          id: number
          moved_members: number
          new_enroller_id: string
          old_enroller_id: string | null
          open_month: string
          reason: string
        }
        Insert: {
          changed_at?: string
          changed_by: string
          client_id: string
          id?: never
          moved_members: number
          new_enroller_id: string
          old_enroller_id?: string | null
          open_month: string
          reason: string
        }
        Update: {
          changed_at?: string
          changed_by?: string
          client_id?: string
          id?: never
          moved_members?: number
          new_enroller_id?: string
          old_enroller_id?: string | null
          open_month?: string
          reason?: string
        }
        Relationships: [
          {
            foreignKeyName: "enroller_changes_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "enroller_changes_new_enroller_id_fkey"
            columns: ["new_enroller_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "enroller_changes_old_enroller_id_fkey"
            columns: ["old_enroller_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
        ]
      }
      health_analyses: {
        Row: {
          answers: NonNullable<Json>
          client_id: string
          consent_text: string
          consent_version: string
          consented_at: string
          created_at: string
          created_by: string | null
          exclusions: NonNullable<Json>
          id: string
          notes: string | null
          recommendations: NonNullable<Json>
          red_flags: string[]
          warning: string | null
        }
        Insert: {
          answers?: NonNullable<Json>
          client_id: string
          consent_text: string
          consent_version: string
          consented_at: string
          created_at?: string
          created_by?: string | null
          exclusions?: NonNullable<Json>
          id?: string
          notes?: string | null
          recommendations?: NonNullable<Json>
          red_flags?: string[]
          warning?: string | null
        }
        Update: {
          answers?: NonNullable<Json>
          client_id?: string
          consent_text?: string
          consent_version?: string
          consented_at?: string
          created_at?: string
          created_by?: string | null
          exclusions?: NonNullable<Json>
          id?: string
          notes?: string | null
          recommendations?: NonNullable<Json>
          red_flags?: string[]
          warning?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "health_analyses_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
        ]
      }
      leads: {
        Row: {
          client_id: string
          consent_text: string | null
          consented_at: string
          created_at: string
          email: string | null
          id: string
          message: string | null
          name: string
          phone: string | null
          status: string
          updated_at: string
        }
        Insert: {
          client_id: string
          consent_text?: string | null
          consented_at: string
          created_at?: string
          email?: string | null
          id?: string
          message?: string | null
          name: string
          phone?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          client_id?: string
          consent_text?: string | null
          consented_at?: string
          created_at?: string
          email?: string | null
          id?: string
          message?: string | null
          name?: string
          phone?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "leads_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
        ]
      }
      metadata: {
        Row: {
          activity_points: number
          company_name: string
          contact_info: string
          currency: string
          enrollment_commission_rate: number
          id: string
          locale: string
          low_stock_threshold: number
          min_payout: number
          payment_details: string
          timezone: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          activity_points?: number
          company_name?: string
          contact_info?: string
          currency?: string
          enrollment_commission_rate?: number
          id: string
          locale?: string
          low_stock_threshold?: number
          min_payout?: number
          payment_details?: string
          timezone?: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          activity_points?: number
          company_name?: string
          contact_info?: string
          currency?: string
          enrollment_commission_rate?: number
          id?: string
          locale?: string
          low_stock_threshold?: number
          min_payout?: number
          payment_details?: string
          timezone?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      notification_email_opt_outs: {
        Row: {
          created_at: string
          kind: string
          user_id: string
        }
        Insert: {
          created_at?: string
          kind: string
          user_id?: string
        }
        Update: {
          created_at?: string
          kind?: string
          user_id?: string
        }
        Relationships: []
      }
      notifications: {
        Row: {
          client_id: string | null
          created_at: string
          dedupe_key: string | null
          email_attempts: number
          email_error: string | null
          email_handed_at: string | null
          email_key: string
          email_lease_until: string | null
          email_next_at: string
          email_sent_at: string | null
          email_status: string
          id: number
          kind: string
          payload: NonNullable<Json>
          read_at: string | null
          user_id: string | null
        }
        Insert: {
          client_id?: string | null
          created_at?: string
          dedupe_key?: string | null
          email_attempts?: number
          email_error?: string | null
          email_handed_at?: string | null
          email_key?: string
          email_lease_until?: string | null
          email_next_at?: string
          email_sent_at?: string | null
          email_status?: string
          id?: never
          kind: string
          payload?: NonNullable<Json>
          read_at?: string | null
          user_id?: string | null
        }
        Update: {
          client_id?: string | null
          created_at?: string
          dedupe_key?: string | null
          email_attempts?: number
          email_error?: string | null
          email_handed_at?: string | null
          email_key?: string
          email_lease_until?: string | null
          email_next_at?: string
          email_sent_at?: string | null
          email_status?: string
          id?: never
          kind?: string
          payload?: NonNullable<Json>
          read_at?: string | null
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "notifications_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
        ]
      }
      payout_accounts: {
        Row: {
          account_number: string
          account_type: string
          client_id: string
          created_at: string
          created_by: string | null
          holder_document_number: string
          holder_document_type: string
          holder_is_member: boolean
          holder_name: string
          id: string
          institution_code: string
          replaced_at: string | null
        }
        Insert: {
          account_number: string
          account_type: string
          client_id: string
          created_at?: string
          created_by?: string | null
          holder_document_number: string
          holder_document_type: string
          holder_is_member: boolean
          holder_name: string
          id?: string
          institution_code: string
          replaced_at?: string | null
        }
        Update: {
          account_number?: string
          account_type?: string
          client_id?: string
          created_at?: string
          created_by?: string | null
          holder_document_number?: string
          holder_document_type?: string
          holder_is_member?: boolean
          holder_name?: string
          id?: string
          institution_code?: string
          replaced_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payout_accounts_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payout_accounts_institution_code_fkey"
            columns: ["institution_code"]
            isOneToOne: false
            referencedRelation: "payout_institutions"
            referencedColumns: ["code"]
          },
        ]
      }
      payout_batch_items: {
        Row: {
          amount: number
          bank_reason: string | null
          batch_id: string
          line_no: number
          outcome: string
          payout_account_id: string
          payout_id: string
          settled_at: string | null
          settled_by: string | null
        }
        Insert: {
          amount: number
          bank_reason?: string | null
          batch_id: string
          line_no: number
          outcome?: string
          payout_account_id: string
          payout_id: string
          settled_at?: string | null
          settled_by?: string | null
        }
        Update: {
          amount?: number
          bank_reason?: string | null
          batch_id?: string
          line_no?: number
          outcome?: string
          payout_account_id?: string
          payout_id?: string
          settled_at?: string | null
          settled_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payout_batch_items_batch_id_fkey"
            columns: ["batch_id"]
            isOneToOne: false
            referencedRelation: "payout_batches"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payout_batch_items_payout_account_id_fkey"
            columns: ["payout_account_id"]
            isOneToOne: false
            referencedRelation: "payout_accounts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payout_batch_items_payout_id_fkey"
            columns: ["payout_id"]
            isOneToOne: false
            referencedRelation: "payout_requests"
            referencedColumns: ["id"]
          },
        ]
      }
      payout_batches: {
        Row: {
          application_date: string
          batch_no: number
          company_nit: string | null
          created_at: string
          created_by: string | null
          currency: string
          day_sequence: number
          debit_account_number: string | null
          debit_account_type: string | null
          download_count: number
          id: string
          last_downloaded_at: string | null
          last_downloaded_by: string | null
          layout: string
          payout_count: number
          total_amount: number
          transaction_class: string | null
          void_reason: string | null
          voided_at: string | null
          voided_by: string | null
        }
        Insert: {
          application_date: string
          batch_no?: never
          company_nit?: string | null
          created_at?: string
          created_by?: string | null
          currency: string
          day_sequence: number
          debit_account_number?: string | null
          debit_account_type?: string | null
          download_count?: number
          id?: string
          last_downloaded_at?: string | null
          last_downloaded_by?: string | null
          layout: string
          payout_count: number
          total_amount: number
          transaction_class?: string | null
          void_reason?: string | null
          voided_at?: string | null
          voided_by?: string | null
        }
        Update: {
          application_date?: string
          batch_no?: never
          company_nit?: string | null
          created_at?: string
          created_by?: string | null
          currency?: string
          day_sequence?: number
          debit_account_number?: string | null
          debit_account_type?: string | null
          download_count?: number
          id?: string
          last_downloaded_at?: string | null
          last_downloaded_by?: string | null
          layout?: string
          payout_count?: number
          total_amount?: number
          transaction_class?: string | null
          void_reason?: string | null
          voided_at?: string | null
          voided_by?: string | null
        }
        Relationships: []
      }
      payout_file_settings: {
        Row: {
          company_nit: string | null
          company_nit_dv: number | null
          debit_account_number: string | null
          debit_account_type: string | null
          enabled_layouts: string[]
          id: string
          transaction_class: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          company_nit?: string | null
          company_nit_dv?: number | null
          debit_account_number?: string | null
          debit_account_type?: string | null
          enabled_layouts?: string[]
          id?: string
          transaction_class?: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          company_nit?: string | null
          company_nit_dv?: number | null
          debit_account_number?: string | null
          debit_account_type?: string | null
          enabled_layouts?: string[]
          id?: string
          transaction_class?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: []
      }
      payout_holder_exceptions: {
        Row: {
          client_id: string
          granted_at: string
          granted_by: string | null
          reason: string
        }
        Insert: {
          client_id: string
          granted_at?: string
          granted_by?: string | null
          reason: string
        }
        Update: {
          client_id?: string
          granted_at?: string
          granted_by?: string | null
          reason?: string
        }
        Relationships: [
          {
            foreignKeyName: "payout_holder_exceptions_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: true
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
        ]
      }
      payout_institutions: {
        Row: {
          account_types: string[]
          code: string
          enabled: boolean
          kind: string
          name: string
          number_max_length: number
          number_min_length: number
          number_prefix: string | null
          updated_at: string
        }
        Insert: {
          account_types: string[]
          code: string
          enabled?: boolean
          kind: string
          name: string
          number_max_length: number
          number_min_length: number
          number_prefix?: string | null
          updated_at?: string
        }
        Update: {
          account_types?: string[]
          code?: string
          enabled?: boolean
          kind?: string
          name?: string
          number_max_length?: number
          number_min_length?: number
          number_prefix?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      payout_requests: {
        Row: {
          amount: number
          client_id: string
          decided_at: string | null
          decided_by: string | null
          id: string
          number: number
          paid_at: string | null
          paid_by: string | null
          payment_details: string | null
          payment_reference: string | null
          payout_account_id: string | null
          rejection_reason: string | null
          requested_at: string
          requested_by: string | null
          status: string
          updated_at: string
        }
        Insert: {
          amount: number
          client_id: string
          decided_at?: string | null
          decided_by?: string | null
          id?: string
          number?: never
          paid_at?: string | null
          paid_by?: string | null
          payment_details?: string | null
          payment_reference?: string | null
          payout_account_id?: string | null
          rejection_reason?: string | null
          requested_at?: string
          requested_by?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          amount?: number
          client_id?: string
          decided_at?: string | null
          decided_by?: string | null
          id?: string
          number?: never
          paid_at?: string | null
          paid_by?: string | null
          payment_details?: string | null
          payment_reference?: string | null
          payout_account_id?: string | null
          rejection_reason?: string | null
          requested_at?: string
          requested_by?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "payout_requests_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payout_requests_payout_account_id_fkey"
            columns: ["payout_account_id"]
            isOneToOne: false
            referencedRelation: "payout_accounts"
            referencedColumns: ["id"]
          },
        ]
      }
      periods: {
        Row: {
          close_started_at: string | null
          closed_at: string | null
          closed_by: string | null
          created_at: string
          month: string
          status: string
          summary: Json | null
        }
        Insert: {
          close_started_at?: string | null
          closed_at?: string | null
          closed_by?: string | null
          created_at?: string
          month: string
          status?: string
          summary?: Json | null
        }
        Update: {
          close_started_at?: string | null
          closed_at?: string | null
          closed_by?: string | null
          created_at?: string
          month?: string
          status?: string
          summary?: Json | null
        }
        Relationships: []
      }
      plan_versions: {
        Row: {
          created_at: string
          created_by: string | null
          plan: NonNullable<Json>
          version: number
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          plan: NonNullable<Json>
          version?: never
        }
        Update: {
          created_at?: string
          created_by?: string | null
          plan?: NonNullable<Json>
          version?: never
        }
        Relationships: []
      }
      product_costs: {
        Row: {
          product_id: string
          supplier_id: string | null
          unit_cost: number
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          product_id: string
          supplier_id?: string | null
          unit_cost: number
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          product_id?: string
          supplier_id?: string | null
          unit_cost?: number
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "product_costs_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: true
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "product_costs_supplier_id_fkey"
            columns: ["supplier_id"]
            isOneToOne: false
            referencedRelation: "suppliers"
            referencedColumns: ["id"]
          },
        ]
      }
      products: {
        Row: {
          benefits: string[]
          category: string | null
          commissionable_amount: number
          components: string[]
          created_at: string
          description: string | null
          id: string
          image_path: string | null
          is_active: boolean
          is_kit: boolean
          name: string
          points: number
          price: number
          sku: string
          stock: number
          updated_at: string
        }
        Insert: {
          benefits?: string[]
          category?: string | null
          commissionable_amount: number
          components?: string[]
          created_at?: string
          description?: string | null
          id?: string
          image_path?: string | null
          is_active?: boolean
          is_kit?: boolean
          name: string
          points?: number
          price: number
          sku: string
          stock?: number
          updated_at?: string
        }
        Update: {
          benefits?: string[]
          category?: string | null
          commissionable_amount?: number
          components?: string[]
          created_at?: string
          description?: string | null
          id?: string
          image_path?: string | null
          is_active?: boolean
          is_kit?: boolean
          name?: string
          points?: number
          price?: number
          sku?: string
          stock?: number
          updated_at?: string
        }
        Relationships: []
      }
      recipe_products: {
        Row: {
          amount: string | null
          product_id: string
          recipe_id: string
        }
        Insert: {
          amount?: string | null
          product_id: string
          recipe_id: string
        }
        Update: {
          amount?: string | null
          product_id?: string
          recipe_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "recipe_products_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "recipe_products_recipe_id_fkey"
            columns: ["recipe_id"]
            isOneToOne: false
            referencedRelation: "recipes"
            referencedColumns: ["id"]
          },
        ]
      }
      recipes: {
        Row: {
          benefits: string[]
          created_at: string
          created_by: string | null
          description: string | null
          id: string
          image_path: string | null
          instructions: string
          title: string
          updated_at: string
        }
        Insert: {
          benefits?: string[]
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          image_path?: string | null
          instructions?: string
          title: string
          updated_at?: string
        }
        Update: {
          benefits?: string[]
          created_at?: string
          created_by?: string | null
          description?: string | null
          id?: string
          image_path?: string | null
          instructions?: string
          title?: string
          updated_at?: string
        }
        Relationships: []
      }
      restock_lines: {
        Row: {
          movement_id: number
          product_id: string
          quantity: number
          restock_id: number
          stock_after: number
          stock_before: number
          unit_cost: number
        }
        Insert: {
          movement_id: number
          product_id: string
          quantity: number
          restock_id: number
          stock_after: number
          stock_before: number
          unit_cost: number
        }
        Update: {
          movement_id?: number
          product_id?: string
          quantity?: number
          restock_id?: number
          stock_after?: number
          stock_before?: number
          unit_cost?: number
        }
        Relationships: [
          {
            foreignKeyName: "restock_lines_movement_id_fkey"
            columns: ["movement_id"]
            isOneToOne: false
            referencedRelation: "stock_movements"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "restock_lines_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "restock_lines_restock_id_fkey"
            columns: ["restock_id"]
            isOneToOne: false
            referencedRelation: "restocks"
            referencedColumns: ["id"]
          },
        ]
      }
      restocks: {
        Row: {
          created_at: string
          created_by: string | null
          id: number
          note: string | null
          supplier_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: never
          note?: string | null
          supplier_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: never
          note?: string | null
          supplier_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "restocks_supplier_id_fkey"
            columns: ["supplier_id"]
            isOneToOne: false
            referencedRelation: "suppliers"
            referencedColumns: ["id"]
          },
        ]
      }
      reward_transactions: {
        Row: {
          amount: number
          base: number | null
          beneficiary_id: string
          created_at: string
          created_by: string | null
          generation: number | null
          id: number
          period_month: string
          plan_version: number
          points: number
          rate: number | null
          reason: string | null
          reverses_id: number | null
          rule: string
          source_client_id: string | null
          source_sale_id: string | null
          star_level: number | null
          type: string
        }
        Insert: {
          amount?: number
          base?: number | null
          beneficiary_id: string
          created_at?: string
          created_by?: string | null
          generation?: number | null
          id?: never
          period_month: string
          plan_version: number
          points?: number
          rate?: number | null
          reason?: string | null
          reverses_id?: number | null
          rule: string
          source_client_id?: string | null
          source_sale_id?: string | null
          star_level?: number | null
          type: string
        }
        Update: {
          amount?: number
          base?: number | null
          beneficiary_id?: string
          created_at?: string
          created_by?: string | null
          generation?: number | null
          id?: never
          period_month?: string
          plan_version?: number
          points?: number
          rate?: number | null
          reason?: string | null
          reverses_id?: number | null
          rule?: string
          source_client_id?: string | null
          source_sale_id?: string | null
          star_level?: number | null
          type?: string
        }
        Relationships: [
          {
            foreignKeyName: "reward_transactions_beneficiary_id_fkey"
            columns: ["beneficiary_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reward_transactions_period_month_fkey"
            columns: ["period_month"]
            isOneToOne: false
            referencedRelation: "periods"
            referencedColumns: ["month"]
          },
          {
            foreignKeyName: "reward_transactions_plan_version_fkey"
            columns: ["plan_version"]
            isOneToOne: false
            referencedRelation: "plan_versions"
            referencedColumns: ["version"]
          },
          {
            foreignKeyName: "reward_transactions_reverses_id_fkey"
            columns: ["reverses_id"]
            isOneToOne: false
            referencedRelation: "reward_transactions"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reward_transactions_source_client_id_fkey"
            columns: ["source_client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reward_transactions_source_sale_id_fkey"
            columns: ["source_sale_id"]
            isOneToOne: false
            referencedRelation: "sales"
            referencedColumns: ["id"]
          },
        ]
      }
      sale_items: {
        Row: {
          id: number
          line_total: number | null
          product_id: string
          quantity: number
          sale_id: string
          unit_commissionable: number
          unit_points: number
          unit_price: number
        }
        Insert: {
          id?: never
          line_total?: never
          product_id: string
          quantity: number
          sale_id: string
          unit_commissionable: number
          unit_points: number
          unit_price: number
        }
        Update: {
          id?: never
          line_total?: never
          product_id?: string
          quantity?: number
          sale_id?: string
          unit_commissionable?: number
          unit_points?: number
          unit_price?: number
        }
        Relationships: [
          {
            foreignKeyName: "sale_items_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sale_items_sale_id_fkey"
            columns: ["sale_id"]
            isOneToOne: false
            referencedRelation: "sales"
            referencedColumns: ["id"]
          },
        ]
      }
      sales: {
        Row: {
          approved_at: string | null
          approved_by: string | null
          buyer_document_number: string | null
          buyer_email: string | null
          buyer_name: string | null
          buyer_phone: string | null
          cancellation_reason: string | null
          cancelled_at: string | null
          cancelled_by: string | null
          client_id: string | null
          commissionable_total: number
          created_at: string
          created_by: string | null
          delivered_at: string | null
          delivery_address: string | null
          enrolled_email: string | null
          id: string
          kind: string
          notes: string | null
          payment_method: string | null
          payment_reference: string | null
          period_month: string | null
          points_total: number
          rejected_at: string | null
          rejected_by: string | null
          rejection_reason: string | null
          sale_no: number
          status: string
          total: number
          updated_at: string
          voucher_hash: string | null
          voucher_path: string | null
        }
        Insert: {
          approved_at?: string | null
          approved_by?: string | null
          buyer_document_number?: string | null
          buyer_email?: string | null
          buyer_name?: string | null
          buyer_phone?: string | null
          cancellation_reason?: string | null
          cancelled_at?: string | null
          cancelled_by?: string | null
          client_id?: string | null
          commissionable_total?: number
          created_at?: string
          created_by?: string | null
          delivered_at?: string | null
          delivery_address?: string | null
          enrolled_email?: string | null
          id?: string
          kind: string
          notes?: string | null
          payment_method?: string | null
          payment_reference?: string | null
          period_month?: string | null
          points_total?: number
          rejected_at?: string | null
          rejected_by?: string | null
          rejection_reason?: string | null
          sale_no?: never
          status: string
          total?: number
          updated_at?: string
          voucher_hash?: string | null
          voucher_path?: string | null
        }
        Update: {
          approved_at?: string | null
          approved_by?: string | null
          buyer_document_number?: string | null
          buyer_email?: string | null
          buyer_name?: string | null
          buyer_phone?: string | null
          cancellation_reason?: string | null
          cancelled_at?: string | null
          cancelled_by?: string | null
          client_id?: string | null
          commissionable_total?: number
          created_at?: string
          created_by?: string | null
          delivered_at?: string | null
          delivery_address?: string | null
          enrolled_email?: string | null
          id?: string
          kind?: string
          notes?: string | null
          payment_method?: string | null
          payment_reference?: string | null
          period_month?: string | null
          points_total?: number
          rejected_at?: string | null
          rejected_by?: string | null
          rejection_reason?: string | null
          sale_no?: never
          status?: string
          total?: number
          updated_at?: string
          voucher_hash?: string | null
          voucher_path?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "sales_client_id_fkey"
            columns: ["client_id"]
            isOneToOne: false
            referencedRelation: "clients"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "sales_period_month_fkey"
            columns: ["period_month"]
            isOneToOne: false
            referencedRelation: "periods"
            referencedColumns: ["month"]
          },
        ]
      }
      staff_invitations: {
        Row: {
          accepted_at: string | null
          accepted_user_id: string | null
          created_at: string
          email: string
          finance: boolean
          id: string
          invited_by: string | null
          role: string
          status: string
        }
        Insert: {
          accepted_at?: string | null
          accepted_user_id?: string | null
          created_at?: string
          email: string
          finance?: boolean
          id?: string
          invited_by?: string | null
          role: string
          status?: string
        }
        Update: {
          accepted_at?: string | null
          accepted_user_id?: string | null
          created_at?: string
          email?: string
          finance?: boolean
          id?: string
          invited_by?: string | null
          role?: string
          status?: string
        }
        Relationships: []
      }
      star_level_configs: {
        Row: {
          commission_rates: number[]
          group_points: number
          level: number
          name: string
          personal_points: number
          starter_bonus: number
          updated_at: string
          volume_bonus_rate: number
        }
        Insert: {
          commission_rates: number[]
          group_points: number
          level: number
          name: string
          personal_points: number
          starter_bonus: number
          updated_at?: string
          volume_bonus_rate: number
        }
        Update: {
          commission_rates?: number[]
          group_points?: number
          level?: number
          name?: string
          personal_points?: number
          starter_bonus?: number
          updated_at?: string
          volume_bonus_rate?: number
        }
        Relationships: []
      }
      stock_movements: {
        Row: {
          created_at: string
          created_by: string | null
          id: number
          kind: string
          note: string | null
          product_id: string
          quantity: number
          sale_id: string | null
          supplier_id: string | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: never
          kind: string
          note?: string | null
          product_id: string
          quantity: number
          sale_id?: string | null
          supplier_id?: string | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: never
          kind?: string
          note?: string | null
          product_id?: string
          quantity?: number
          sale_id?: string | null
          supplier_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "stock_movements_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "stock_movements_sale_id_fkey"
            columns: ["sale_id"]
            isOneToOne: false
            referencedRelation: "sales"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "stock_movements_supplier_id_fkey"
            columns: ["supplier_id"]
            isOneToOne: false
            referencedRelation: "suppliers"
            referencedColumns: ["id"]
          },
        ]
      }
      supplier_products: {
        Row: {
          created_at: string
          product_id: string
          supplier_id: string
        }
        Insert: {
          created_at?: string
          product_id: string
          supplier_id: string
        }
        Update: {
          created_at?: string
          product_id?: string
          supplier_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "supplier_products_product_id_fkey"
            columns: ["product_id"]
            isOneToOne: false
            referencedRelation: "products"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "supplier_products_supplier_id_fkey"
            columns: ["supplier_id"]
            isOneToOne: false
            referencedRelation: "suppliers"
            referencedColumns: ["id"]
          },
        ]
      }
      suppliers: {
        Row: {
          contact_name: string | null
          created_at: string
          email: string | null
          id: string
          is_active: boolean
          name: string
          notes: string | null
          phone: string | null
          tax_id: string | null
          updated_at: string
        }
        Insert: {
          contact_name?: string | null
          created_at?: string
          email?: string | null
          id?: string
          is_active?: boolean
          name: string
          notes?: string | null
          phone?: string | null
          tax_id?: string | null
          updated_at?: string
        }
        Update: {
          contact_name?: string | null
          created_at?: string
          email?: string | null
          id?: string
          is_active?: boolean
          name?: string
          notes?: string | null
          phone?: string | null
          tax_id?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      users_roles: {
        Row: {
          created_at: string
          finance: boolean
          granted_by: string | null
          role: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          finance?: boolean
          granted_by?: string | null
          role: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          finance?: boolean
          granted_by?: string | null
          role?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      adjust_stock: {
        Args: {
          p_direction: string
          p_product_id: string
          p_quantity: number
          p_reason: string
        }
        Returns: Json
      }
      apply_payout_reply: {
        Args: { p_batch_no: number; p_digest: string; p_file: string }
        Returns: {
          action: string
          amount: number
          batch_no: number
          client_name: string
          digest: string
          file_amount: number
          line_no: number
          message: string
          payout_id: string
          reference: string
        }[]
      }
      approve_payout: {
        Args: { p_payout_id: string }
        Returns: {
          amount: number
          client_id: string
          decided_at: string | null
          decided_by: string | null
          id: string
          number: number
          paid_at: string | null
          paid_by: string | null
          payment_details: string | null
          payment_reference: string | null
          payout_account_id: string | null
          rejection_reason: string | null
          requested_at: string
          requested_by: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "payout_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      approve_sale: {
        Args: { p_sale_id: string; p_signs_reviewed?: boolean }
        Returns: Json
      }
      before_user_created_hook: { Args: { event: Json }; Returns: Json }
      begin_notification_email: {
        Args: { p_attempt: number; p_id: number }
        Returns: boolean
      }
      cancel_sale: {
        Args: { p_reason?: string; p_sale_id: string }
        Returns: Json
      }
      change_enroller: {
        Args: {
          p_client_id: string
          p_new_enroller_id: string
          p_reason: string
        }
        Returns: Json
      }
      claim_notification_emails: {
        Args: { p_lease_seconds?: number; p_limit?: number }
        Returns: {
          attempt: number
          body: string
          company_name: string
          contact_info: string
          email_key: string
          id: number
          link: string
          subject: string
          to_address: string
          to_name: string
        }[]
      }
      confirm_client_email: { Args: { p_client_id: string }; Returns: Json }
      count_my_unread_notifications: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      create_direct_sale: {
        Args: {
          p_buyer_document_number?: string
          p_buyer_email?: string
          p_buyer_name?: string
          p_buyer_phone?: string
          p_client_id: string
          p_delivery_address?: string
          p_items: Json
          p_notes?: string
          p_payment_method?: string
          p_payment_reference?: string
          p_request_id?: string
        }
        Returns: {
          approved_at: string | null
          approved_by: string | null
          buyer_document_number: string | null
          buyer_email: string | null
          buyer_name: string | null
          buyer_phone: string | null
          cancellation_reason: string | null
          cancelled_at: string | null
          cancelled_by: string | null
          client_id: string | null
          commissionable_total: number
          created_at: string
          created_by: string | null
          delivered_at: string | null
          delivery_address: string | null
          enrolled_email: string | null
          id: string
          kind: string
          notes: string | null
          payment_method: string | null
          payment_reference: string | null
          period_month: string | null
          points_total: number
          rejected_at: string | null
          rejected_by: string | null
          rejection_reason: string | null
          sale_no: number
          status: string
          total: number
          updated_at: string
          voucher_hash: string | null
          voucher_path: string | null
        }
        SetofOptions: {
          from: "*"
          to: "sales"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      custom_access_token_hook: { Args: { event: Json }; Returns: Json }
      delete_product: { Args: { p_product_id: string }; Returns: undefined }
      delete_recipe: { Args: { p_recipe_id: string }; Returns: undefined }
      deliver_sale: { Args: { p_sale_id: string }; Returns: Json }
      download_payout_batch_file: {
        Args: { p_batch_id: string }
        Returns: {
          batch_no: number
          content: string
          download_count: number
          encoding: string
          file_name: string
          media_type: string
          payout_count: number
          total_amount: number
        }[]
      }
      enrol_member: {
        Args: {
          p_address?: string
          p_city?: string
          p_delivery_address?: string
          p_document_number?: string
          p_email: string
          p_kit_id: string
          p_name: string
          p_payment_method?: string
          p_payment_reference?: string
          p_phone?: string
          p_voucher_path?: string
        }
        Returns: {
          approved_at: string | null
          approved_by: string | null
          buyer_document_number: string | null
          buyer_email: string | null
          buyer_name: string | null
          buyer_phone: string | null
          cancellation_reason: string | null
          cancelled_at: string | null
          cancelled_by: string | null
          client_id: string | null
          commissionable_total: number
          created_at: string
          created_by: string | null
          delivered_at: string | null
          delivery_address: string | null
          enrolled_email: string | null
          id: string
          kind: string
          notes: string | null
          payment_method: string | null
          payment_reference: string | null
          period_month: string | null
          points_total: number
          rejected_at: string | null
          rejected_by: string | null
          rejection_reason: string | null
          sale_no: number
          status: string
          total: number
          updated_at: string
          voucher_hash: string | null
          voucher_path: string | null
        }
        SetofOptions: {
          from: "*"
          to: "sales"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      export_payout_file: {
        Args: { p_layout: string; p_payout_ids: string[] }
        Returns: {
          application_date: string
          batch_no: number
          company_nit: string | null
          created_at: string
          created_by: string | null
          currency: string
          day_sequence: number
          debit_account_number: string | null
          debit_account_type: string | null
          download_count: number
          id: string
          last_downloaded_at: string | null
          last_downloaded_by: string | null
          layout: string
          payout_count: number
          total_amount: number
          transaction_class: string | null
          void_reason: string | null
          voided_at: string | null
          voided_by: string | null
        }
        SetofOptions: {
          from: "*"
          to: "payout_batches"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      export_sales: {
        Args: {
          p_before_no?: number
          p_client_id?: string
          p_from?: string
          p_kind?: string
          p_limit?: number
          p_statuses?: string[]
          p_to?: string
        }
        Returns: {
          client_email: string
          client_id: string
          client_name: string
          created_at: string
          id: string
          kind: string
          payment_method: string
          payment_reference: string
          points_total: number
          sale_no: number
          status: string
          total: number
        }[]
      }
      finish_notification_email: {
        Args: {
          p_attempt: number
          p_error?: string
          p_id: number
          p_outcome: string
        }
        Returns: string
      }
      get_approval_queue: {
        Args: { p_page?: number; p_page_size?: number }
        Returns: Json
      }
      get_audit_log: {
        Args: {
          p_actor_email?: string
          p_from?: string
          p_page?: number
          p_page_size?: number
          p_row_id?: string
          p_search?: string
          p_table?: string
          p_to?: string
        }
        Returns: {
          action: string
          actor_email: string
          actor_id: string
          actor_role: string
          changes: Json
          db_role: string
          id: number
          occurred_at: string
          row_id: string
          sentence: string
          table_name: string
          total: number
        }[]
      }
      get_balance: {
        Args: { p_client_id?: string }
        Returns: {
          available: number
          client_id: string
          currency: string
          min_payout: number
          paid: number
          pending: number
          reserved: number
          settled: number
        }[]
      }
      get_client_audit: {
        Args: { p_client_id: string; p_page?: number; p_page_size?: number }
        Returns: {
          action: string
          actor_name: string
          actor_role: string
          changes: Json
          id: number
          occurred_at: string
          total: number
        }[]
      }
      get_client_profile: { Args: { p_client_id: string }; Returns: Json }
      get_close_months: {
        Args: Record<PropertyKey, never>
        Returns: {
          closed_at: string
          closed_by_email: string
          ended: boolean
          job_error: string
          job_finished_at: string
          job_id: number
          job_requested_at: string
          job_status: string
          job_step: string
          job_step_done: number
          job_step_no: number
          job_step_total: number
          job_steps: number
          month: string
          status: string
          summary: Json
        }[]
      }
      get_close_preview: {
        Args: { p_job_id: number; p_page?: number; p_page_size?: number }
        Returns: {
          action: string
          amount: number
          base: number
          client_id: string
          client_name: string
          detail: string
          ledger_id: number
          level_from: number
          level_to: number
          rate: number
        }[]
      }
      get_closed_month_rows: {
        Args: { p_month: string; p_page?: number; p_page_size?: number }
        Returns: {
          action: string
          amount: number
          client_id: string
          client_name: string
          detail: string
          ledger_id: number
          level_from: number
          level_to: number
          member_no: number
          total: number
        }[]
      }
      get_dashboard: { Args: Record<PropertyKey, never>; Returns: Json }
      get_dashboard_near_active: {
        Args: { p_limit?: number }
        Returns: {
          client_id: string
          member_no: number
          name: string
          personal_points: number
        }[]
      }
      get_finance_month: { Args: { p_month?: string }; Returns: Json }
      get_finance_products: {
        Args: { p_month?: string }
        Returns: {
          cost: number
          margin: number
          margin_rate: number
          name: string
          product_id: string
          revenue: number
          sku: string
          units: number
          units_without_cost: number
        }[]
      }
      get_finance_series: { Args: { p_months?: number }; Returns: Json[] }
      get_health_questionnaire: {
        Args: Record<PropertyKey, never>
        Returns: Json
      }
      get_ledger: {
        Args: {
          p_before_id?: number
          p_before_month?: string
          p_client_id?: string
          p_limit?: number
          p_month?: string
          p_types?: string[]
        }
        Returns: {
          amount: number
          base: number
          created_at: string
          explanation: string
          generation: number
          id: number
          period_closed: boolean
          period_month: string
          plan_version: number
          points: number
          rate: number
          reason: string
          reversed_by_explanation: string
          reversed_by_id: number
          reversed_by_reason: string
          reverses_id: number
          sale_no: number
          source_client_name: string
          source_sale_id: string
          star_level: number
          state: string
          type: string
          type_label: string
        }[]
      }
      get_ledger_months: {
        Args: { p_client_id?: string }
        Returns: {
          activity_points: number
          closed: boolean
          forfeited: number
          income: number
          month: string
          personal_points: number
          was_active: boolean
        }[]
      }
      get_member_month: {
        Args: { p_client_id?: string; p_month?: string }
        Returns: {
          activity_points: number
          at_risk_amount: number
          client_id: string
          currency: string
          days_left: number
          group_points: number
          is_active: boolean
          is_current: boolean
          month: string
          month_closed: boolean
          month_end: string
          next_level: number
          next_level_group_points: number
          next_level_name: string
          next_level_points_missing: number
          pending_income: number
          personal_points: number
          points_missing: number
          star_level: number
          star_name: string
        }[]
      }
      get_my_email_preferences: {
        Args: Record<PropertyKey, never>
        Returns: {
          email: boolean
          kind: string
          label: string
        }[]
      }
      get_my_enrolment: { Args: Record<PropertyKey, never>; Returns: Json }
      get_my_enrolments: {
        Args: { p_page?: number; p_page_size?: number }
        Returns: Json
      }
      get_my_notifications: {
        Args: { p_before_id?: number; p_limit?: number }
        Returns: {
          body: string
          created_at: string
          id: number
          kind: string
          link: string
          read_at: string
          title: string
        }[]
      }
      get_network_page: {
        Args: {
          p_client_id?: string
          p_generation?: number
          p_month?: string
          p_page?: number
          p_page_size?: number
          p_parent_id?: string
          p_search?: string
          p_status?: string
        }
        Returns: {
          at_risk: boolean
          email: string
          enrollees: number
          enroller_id: string
          enroller_name: string
          generation: number
          id: string
          is_active: boolean
          joined_at: string
          month_points: number
          name: string
          phone: string
          star_level: number
          total: number
        }[]
      }
      get_network_summary: {
        Args: { p_client_id?: string; p_month?: string }
        Returns: {
          active: number
          at_risk: number
          generation: number
          members: number
          month_closed: boolean
          month_points: number
        }[]
      }
      get_notification_email_trouble: {
        Args: { p_before_id?: number; p_limit?: number }
        Returns: {
          attempts: number
          created_at: string
          error: string
          id: number
          kind: string
          recipient: string
          status: string
          title: string
        }[]
      }
      get_payout_batches: {
        Args: { p_page?: number; p_page_size?: number }
        Returns: {
          application_date: string
          batch_no: number
          created_at: string
          created_by_email: string
          currency: string
          download_count: number
          failed: number
          id: string
          last_downloaded_at: string
          layout: string
          paid: number
          payout_count: number
          total: number
          total_amount: number
          void_reason: string
          voided: number
          voided_at: string
          waiting: number
        }[]
      }
      get_payout_queue: {
        Args: {
          p_month?: string
          p_outside_bank_files?: boolean
          p_page?: number
          p_page_size?: number
          p_statuses?: string[]
        }
        Returns: {
          account_changed_at: string
          account_changed_days: number
          account_document: string
          account_document_type: string
          account_holder: string
          account_holder_is_member: boolean
          account_institution: string
          account_number: string
          account_type: string
          amount: number
          available: number
          bank_reason: string
          client_document: string
          client_email: string
          client_id: string
          client_name: string
          decided_at: string
          id: string
          open_batch_id: string
          open_batch_no: number
          paid_at: string
          payment_details: string
          payment_reference: string
          reference: string
          rejection_reason: string
          requested_at: string
          status: string
          total: number
        }[]
      }
      get_payout_totals: {
        Args: Record<PropertyKey, never>
        Returns: {
          amount: number
          requests: number
          status: string
          this_month: boolean
        }[]
      }
      get_period_summaries: {
        Args: Record<PropertyKey, never>
        Returns: {
          closed_at: string
          closed_by: string
          month: string
          status: string
          summary: Json
        }[]
      }
      get_plan_versions: {
        Args: Record<PropertyKey, never>
        Returns: {
          created_at: string
          created_by: string
          created_by_email: string
          is_current: boolean
          plan: Json
          version: number
        }[]
      }
      get_product: { Args: { p_product_id: string }; Returns: Json }
      get_product_categories: {
        Args: Record<PropertyKey, never>
        Returns: {
          category: string
          products: number
        }[]
      }
      get_product_movements: {
        Args: { p_page?: number; p_page_size?: number; p_product_id: string }
        Returns: {
          actor_name: string
          created_at: string
          id: number
          kind: string
          note: string
          quantity: number
          sale_id: string
          sale_no: number
          stock_after: number
          supplier_name: string
          total: number
        }[]
      }
      get_public_page: { Args: { p_slug: string }; Returns: Json }
      get_recipe: { Args: { p_recipe_id: string }; Returns: Json }
      get_restock_suggestions: {
        Args: Record<PropertyKey, never>
        Returns: {
          last_unit_cost: number
          name: string
          product_id: string
          sku: string
          stock: number
          supplier_id: string
          supplier_name: string
          threshold: number
        }[]
      }
      get_restocks: {
        Args: { p_page?: number; p_page_size?: number; p_supplier_id?: string }
        Returns: {
          created_at: string
          created_by_email: string
          id: number
          lines: Json
          note: string
          supplier_id: string
          supplier_name: string
          total: number
          total_cost: number
          units: number
        }[]
      }
      get_sale_checks: { Args: { p_sale_id: string }; Returns: Json }
      get_sale_detail: { Args: { p_sale_id: string }; Returns: Json }
      get_sale_lines: {
        Args: { p_sale_id: string }
        Returns: {
          image_path: string
          is_active: boolean
          is_kit: boolean
          line_points: number
          line_total: number
          name: string
          product_id: string
          quantity: number
          sku: string
          stock: number
          unit_points: number
          unit_price: number
        }[]
      }
      get_sales_totals: {
        Args: {
          p_client_id?: string
          p_from?: string
          p_kind?: string
          p_statuses?: string[]
          p_to?: string
        }
        Returns: {
          points_total: number
          sales_count: number
          total: number
        }[]
      }
      get_simulation_job: { Args: { p_id: number }; Returns: Json }
      get_staff_members: {
        Args: Record<PropertyKey, never>
        Returns: {
          email: string
          finance: boolean
          invitation_id: string
          invited_at: string
          is_me: boolean
          last_sign_in_at: string
          role: string
          state: string
          user_id: string
        }[]
      }
      get_staff_work_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          approved_payouts: number
          oldest_pending_at: string
          pending_approvals: number
          pending_payouts: number
        }[]
      }
      get_timezone_change: { Args: Record<PropertyKey, never>; Returns: Json }
      get_voucher_note: { Args: { p_sale_id: string }; Returns: Json }
      get_why_not_paid: {
        Args: { p_client_id: string; p_month?: string }
        Returns: Json
      }
      invite_staff: {
        Args: { p_email: string; p_finance?: boolean; p_role: string }
        Returns: Json
      }
      list_products: {
        Args: {
          p_category?: string
          p_desc?: boolean
          p_kit?: boolean
          p_low_stock?: boolean
          p_page?: number
          p_page_size?: number
          p_query?: string
          p_sort?: string
          p_status?: string
        }
        Returns: {
          benefits: string[]
          category: string
          commissionable_amount: number
          committed: number
          components: string[]
          created_at: string
          description: string
          id: string
          image_path: string
          is_active: boolean
          is_kit: boolean
          low_stock: boolean
          margin: number
          margin_after_plan: number
          name: string
          over_committed: boolean
          plan_max_payout: number
          points: number
          price: number
          sku: string
          stock: number
          total: number
          unit_cost: number
          updated_at: string
        }[]
      }
      list_recipes: {
        Args: { p_page?: number; p_page_size?: number; p_query?: string }
        Returns: {
          benefits: string[]
          created_at: string
          description: string
          id: string
          image_path: string
          instructions: string
          on_public_pages: boolean
          products: Json
          title: string
          total: number
          unavailable: number
          updated_at: string
        }[]
      }
      mark_notifications_read: { Args: { p_ids?: number[] }; Returns: number }
      note_voucher_amount: {
        Args: { p_amount: number; p_sale_id: string }
        Returns: Json
      }
      pay_payout: {
        Args: { p_payout_id: string; p_reference: string }
        Returns: {
          amount: number
          client_id: string
          decided_at: string | null
          decided_by: string | null
          id: string
          number: number
          paid_at: string | null
          paid_by: string | null
          payment_details: string | null
          payment_reference: string | null
          payout_account_id: string | null
          rejection_reason: string | null
          requested_at: string
          requested_by: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "payout_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      place_order: {
        Args: {
          p_delivery_address?: string
          p_expected_total?: number
          p_items: Json
          p_notes?: string
          p_payment_method?: string
          p_payment_reference?: string
          p_request_id?: string
          p_voucher_path?: string
        }
        Returns: {
          approved_at: string | null
          approved_by: string | null
          buyer_document_number: string | null
          buyer_email: string | null
          buyer_name: string | null
          buyer_phone: string | null
          cancellation_reason: string | null
          cancelled_at: string | null
          cancelled_by: string | null
          client_id: string | null
          commissionable_total: number
          created_at: string
          created_by: string | null
          delivered_at: string | null
          delivery_address: string | null
          enrolled_email: string | null
          id: string
          kind: string
          notes: string | null
          payment_method: string | null
          payment_reference: string | null
          period_month: string | null
          points_total: number
          rejected_at: string | null
          rejected_by: string | null
          rejection_reason: string | null
          sale_no: number
          status: string
          total: number
          updated_at: string
          voucher_hash: string | null
          voucher_path: string | null
        }
        SetofOptions: {
          from: "*"
          to: "sales"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      preview_enroller_change: {
        Args: { p_client_id: string; p_new_enroller_id: string }
        Returns: Json
      }
      preview_enrolment: {
        Args: { p_kit_id: string }
        Returns: {
          commission_rate: number
          currency: string
          enrollment_commission: number
          kit_base: number
          kit_points: number
          level_name: string
          plan_version: number
          points: number
          star_level: number
          starter_bonus: number
        }[]
      }
      preview_order: { Args: { p_items: Json }; Returns: Json }
      preview_payout_reply: {
        Args: { p_batch_no: number; p_file: string }
        Returns: {
          action: string
          amount: number
          batch_no: number
          client_name: string
          digest: string
          file_amount: number
          line_no: number
          message: string
          payout_id: string
          reference: string
        }[]
      }
      preview_sale_cancellation: { Args: { p_sale_id: string }; Returns: Json }
      preview_sale_rewards: {
        Args: { p_sale_id: string }
        Returns: {
          amount: number
          base: number
          beneficiary_id: string
          beneficiary_name: string
          generation: number
          plan_version: number
          points: number
          rate: number
          rule: string
          star_level: number
          type: string
        }[]
      }
      record_health_analysis: {
        Args: {
          p_answers: Json
          p_client_id: string
          p_consent: boolean
          p_consent_version: string
          p_notes?: string
        }
        Returns: {
          answers: NonNullable<Json>
          client_id: string
          consent_text: string
          consent_version: string
          consented_at: string
          created_at: string
          created_by: string | null
          exclusions: NonNullable<Json>
          id: string
          notes: string | null
          recommendations: NonNullable<Json>
          red_flags: string[]
          warning: string | null
        }
        SetofOptions: {
          from: "*"
          to: "health_analyses"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      register_restock: {
        Args: { p_lines: Json; p_note?: string; p_supplier_id: string }
        Returns: Json
      }
      reject_payout: {
        Args: { p_payout_id: string; p_reason: string }
        Returns: {
          amount: number
          client_id: string
          decided_at: string | null
          decided_by: string | null
          id: string
          number: number
          paid_at: string | null
          paid_by: string | null
          payment_details: string | null
          payment_reference: string | null
          payout_account_id: string | null
          rejection_reason: string | null
          requested_at: string
          requested_by: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "payout_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reject_sale: {
        Args: { p_reason: string; p_sale_id: string }
        Returns: Json
      }
      request_close_preview: { Args: { p_month: string }; Returns: Json }
      request_payout: {
        Args: {
          p_amount: number
          p_payment_details?: string
          p_request_id?: string
        }
        Returns: {
          amount: number
          client_id: string
          decided_at: string | null
          decided_by: string | null
          id: string
          number: number
          paid_at: string | null
          paid_by: string | null
          payment_details: string | null
          payment_reference: string | null
          payout_account_id: string | null
          rejection_reason: string | null
          requested_at: string
          requested_by: string | null
          status: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "payout_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      request_period_close: { Args: { p_month?: string }; Returns: Json }
      request_plan_what_if: { Args: { p_levels: Json }; Returns: Json }
      revoke_staff_access: { Args: { p_user_id: string }; Returns: Json }
      revoke_staff_invitation: {
        Args: { p_invitation_id: string }
        Returns: Json
      }
      save_payout_account: {
        Args: {
          p_account_number: string
          p_account_type: string
          p_holder_document_number: string
          p_holder_document_type: string
          p_holder_name: string
          p_institution_code: string
        }
        Returns: {
          account_number: string
          account_type: string
          client_id: string
          created_at: string
          created_by: string | null
          holder_document_number: string
          holder_document_type: string
          holder_is_member: boolean
          holder_name: string
          id: string
          institution_code: string
          replaced_at: string | null
        }
        SetofOptions: {
          from: "*"
          to: "payout_accounts"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      save_payout_file_settings: {
        Args: {
          p_company_nit: string
          p_debit_account_number: string
          p_debit_account_type: string
          p_enabled_layouts: string[]
          p_transaction_class: string
        }
        Returns: {
          company_nit: string | null
          company_nit_dv: number | null
          debit_account_number: string | null
          debit_account_type: string | null
          enabled_layouts: string[]
          id: string
          transaction_class: string
          updated_at: string
          updated_by: string | null
        }
        SetofOptions: {
          from: "*"
          to: "payout_file_settings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      save_plan: { Args: { p_levels: Json }; Returns: Json }
      save_product: {
        Args: {
          p_benefits?: string[]
          p_category?: string
          p_commissionable_amount: number
          p_components?: string[]
          p_description?: string
          p_id: string
          p_image_path?: string
          p_initial_stock?: number
          p_is_kit?: boolean
          p_name: string
          p_points: number
          p_price: number
          p_sku: string
        }
        Returns: Json
      }
      save_recipe: {
        Args: {
          p_benefits?: string[]
          p_description?: string
          p_id: string
          p_image_path?: string
          p_instructions?: string
          p_products: Json
          p_title: string
        }
        Returns: Json
      }
      save_supplier: {
        Args: {
          p_contact_name: string
          p_email: string
          p_id: string
          p_is_active: boolean
          p_name: string
          p_notes: string
          p_phone: string
          p_product_ids: string[]
          p_tax_id: string
        }
        Returns: string
      }
      search_enroller_candidates: {
        Args: { p_limit?: number; p_search: string }
        Returns: {
          city: string
          email: string
          id: string
          name: string
          star_level: number
        }[]
      }
      search_members: {
        Args: {
          p_active?: boolean
          p_city?: string
          p_desc?: boolean
          p_page?: number
          p_page_size?: number
          p_query?: string
          p_sort?: string
          p_star_level?: number
          p_status?: string
        }
        Returns: {
          city: string
          document_number: string
          email: string
          enroller_name: string
          enrollment_status: string
          id: string
          is_active: boolean
          joined_at: string
          member_no: number
          name: string
          phone: string
          slug: string
          star_level: number
          total: number
          total_capped: boolean
        }[]
      }
      search_sales: {
        Args: {
          p_client_id?: string
          p_desc?: boolean
          p_from?: string
          p_kind?: string
          p_page?: number
          p_page_size?: number
          p_sort?: string
          p_statuses?: string[]
          p_to?: string
        }
        Returns: {
          client_email: string
          client_id: string
          client_name: string
          created_at: string
          id: string
          kind: string
          payment_method: string
          payment_reference: string
          points_total: number
          row_count: number
          row_count_capped: boolean
          sale_no: number
          status: string
          total: number
        }[]
      }
      search_suppliers: {
        Args: {
          p_active?: boolean
          p_page?: number
          p_page_size?: number
          p_query?: string
        }
        Returns: {
          contact_name: string
          email: string
          id: string
          is_active: boolean
          last_restock_at: string
          name: string
          notes: string
          phone: string
          products: Json
          restock_count: number
          tax_id: string
          total: number
        }[]
      }
      set_payout_holder_exception: {
        Args: { p_allowed: boolean; p_client_id: string; p_reason?: string }
        Returns: boolean
      }
      set_product_active: {
        Args: { p_active: boolean; p_product_id: string }
        Returns: Json
      }
      set_staff_role: {
        Args: { p_finance?: boolean; p_role: string; p_user_id: string }
        Returns: Json
      }
      submit_lead: {
        Args: {
          p_consent?: boolean
          p_email?: string
          p_message?: string
          p_name: string
          p_phone?: string
          p_slug: string
        }
        Returns: undefined
      }
      update_client_contact: {
        Args: {
          p_address?: string
          p_city?: string
          p_client_id: string
          p_document_number?: string
          p_email: string
          p_name: string
          p_phone?: string
          p_slug?: string
        }
        Returns: Json
      }
      void_payout_batch: {
        Args: { p_batch_id: string; p_reason: string }
        Returns: {
          application_date: string
          batch_no: number
          company_nit: string | null
          created_at: string
          created_by: string | null
          currency: string
          day_sequence: number
          debit_account_number: string | null
          debit_account_type: string | null
          download_count: number
          id: string
          last_downloaded_at: string | null
          last_downloaded_by: string | null
          layout: string
          payout_count: number
          total_amount: number
          transaction_class: string | null
          void_reason: string | null
          voided_at: string | null
          voided_by: string | null
        }
        SetofOptions: {
          from: "*"
          to: "payout_batches"
          isOneToOne: true
          isSetofReturn: false
        }
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

