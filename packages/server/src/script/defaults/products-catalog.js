// GET /api/script/runs/products-catalog: the tenant's products as the catalogue pickers show them.
function execute() {
  const products = lbo.list('financing/products', { sort: 'name', range: '[0-249]' });
  return products.map((product) => ({
    registration: product.registration,
    name: product.name,
    status: product.status,
    type: product.type,
    currency: product.currency,
    description: product.description,
  }));
}
