/*
 * savia_safeupdate: the local stack's stand-in for pg-safeupdate, which a hosted Supabase project
 * preloads for `authenticator` (on) and `postgres` (off). Debian has no package for it, so the
 * stack builds this one (scripts/lib/safeupdate.mjs) and preloads it for the same roles
 * (scripts/stack/platform.sql). The rule, the setting and the messages are the hosted ones, so a
 * request refused there is refused here:
 *
 *   - every statement is checked after parse analysis, including those PL/pgSQL and SQL functions
 *     and triggers prepare while the request runs, and each statement of a data-modifying WITH;
 *   - an UPDATE or DELETE without a WHERE clause fails with SQLSTATE 21000 (cardinality_violation)
 *     and "UPDATE requires a WHERE clause" / "DELETE requires a WHERE clause";
 *   - any WHERE clause satisfies it (even `where true`); TRUNCATE, MERGE and INSERT are not checked;
 *   - `safeupdate.enabled` (boolean, default on, superuser-only) turns the check off for a role or
 *     a session.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "nodes/parsenodes.h"
#include "parser/analyze.h"
#include "utils/guc.h"

#if PG_VERSION_NUM < 140000
#error "savia_safeupdate needs PostgreSQL 14 or later (the post-parse-analyze hook with JumbleState)"
#endif

PG_MODULE_MAGIC;

void _PG_init(void);

static bool require_where = true;
static post_parse_analyze_hook_type chained_hook = NULL;

/* The statement's verb when the rule applies to it, NULL otherwise. */
static const char *
guarded_verb(CmdType command)
{
	switch (command)
	{
		case CMD_UPDATE:
			return "UPDATE";
		case CMD_DELETE:
			return "DELETE";
		default:
			return NULL;
	}
}

static void
refuse_unqualified(Query *query)
{
	ListCell   *cell;
	const char *verb;

	/* Statements inside WITH run first and are reported first, as hosted reports them. */
	foreach(cell, query->cteList)
	{
		CommonTableExpr *cte = lfirst_node(CommonTableExpr, cell);

		if (cte->ctequery != NULL && IsA(cte->ctequery, Query))
			refuse_unqualified(castNode(Query, cte->ctequery));
	}

	verb = guarded_verb(query->commandType);
	if (verb == NULL || query->jointree == NULL || query->jointree->quals != NULL)
		return;

	ereport(ERROR,
			(errcode(ERRCODE_CARDINALITY_VIOLATION),
			 errmsg("%s requires a WHERE clause", verb)));
}

static void
after_parse_analysis(ParseState *pstate, Query *query, JumbleState *jstate)
{
	if (chained_hook != NULL)
		chained_hook(pstate, query, jstate);

	/* pg_upgrade replays the schema as it is: nothing to guard there. */
	if (!require_where || IsBinaryUpgrade)
		return;

	refuse_unqualified(query);
}

void
_PG_init(void)
{
	DefineCustomBoolVariable("safeupdate.enabled",
							 "Refuses UPDATE and DELETE statements that have no WHERE clause.",
							 "Set by role: on for the API's login role, off for postgres.",
							 &require_where,
							 true,
							 PGC_SUSET,
							 0,
							 NULL, NULL, NULL);

	chained_hook = post_parse_analyze_hook;
	post_parse_analyze_hook = after_parse_analysis;
}
