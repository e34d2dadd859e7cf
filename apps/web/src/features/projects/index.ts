export { ProjectsPage } from './projects-page';
export { ProjectCreatePage } from './project-create-page';
export { ProjectEditPage } from './project-edit-page';
export { ProjectViewPage } from './project-view-page';
export { ProjectOverviewPage } from './project-overview-page';
export { ProjectSwitcher } from './project-switcher';
export type { ProjectSwitcherProps } from './project-switcher';
export { ProjectWorkspace, useProjectIdParam } from './project-workspace';
export { ProjectHeader } from './project-header';
