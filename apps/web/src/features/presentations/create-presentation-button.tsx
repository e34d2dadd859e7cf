import { PRESENTATION_TEXTS } from '@casting/domain';
import { useNavigate } from 'react-router';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { useCreatePresentation } from './presentations-api';

/**
 * "Create presentation" for the candidates workspace's selection (one opportunity): makes it in the selection's order
 * and opens it in the editor, where it is named, ordered and given its media.
 */
export function CreatePresentationButton(props: {
  projectId: string;
  roleId: string;
  submissionIds: string[];
}) {
  const create = useCreatePresentation(props.projectId);
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      className="min-h-9 self-start px-3"
      disabled={create.isPending}
      onClick={() =>
        create.mutate(
          {
            title: PRESENTATION_TEXTS.createTitle,
            roleId: props.roleId,
            submissionIds: props.submissionIds,
            layout: 'cards',
          },
          {
            onSuccess: (made) =>
              void navigate(`${paths.project.presentations(props.projectId)}?open=${made.id}`),
            onError: toastError,
          },
        )
      }
    >
      {create.isPending ? PRESENTATION_TEXTS.creating : PRESENTATION_TEXTS.create}
    </Button>
  );
}
