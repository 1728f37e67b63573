/** The `select` of the spec's example filter request (shared/examples/filter-request.json). */
export const EXAMPLE_FILTER_SELECT = {
  id: true,
  tags: true,
  state: true,
  status: true,
  context: true,
  assigneeId: true,
  createdAt: true,
  assignee: { select: { id: true, firstName: true, lastName: true, avatarUrl: true } },
  workflowDefinition: { select: { id: true, name: true, version: true, definition: true } },
  business: { select: { id: true, companyName: true, registrationNumber: true, countryOfIncorporation: true } },
};
