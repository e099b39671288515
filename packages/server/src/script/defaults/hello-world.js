// GET /api/script/runs/hello-world?who=…&token=… (spec 000 §7): answers a greeting, to check that scripts run.
function execute(context) {
  const who = context.query.who || context.user.username;
  console.log('hello-world for', who);
  return {
    message: `Hello ${who}!`,
    who,
    token: context.query.token || null,
    user: context.user.username,
    tenant: context.user.tenant,
    date: new Date().toISOString(),
  };
}
