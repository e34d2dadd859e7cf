export { ProjectCandidatesPage } from './candidates-page';
// What the compare view uses of the workspace: the candidate's detail, the opportunity's folders, votes and folder
// changes, and the vote marks.
export { candidateDetailQuery, candidateFoldersQuery, useFolderMembership, useVote } from './candidates-api';
export { representativesQuery } from './representation-api';
export { representationText, Votes } from './candidate-list';
