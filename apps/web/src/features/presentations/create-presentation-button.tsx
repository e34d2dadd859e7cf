import { PRESENTATION_TEXTS } from '@casting/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toastError } from '../../lib/http/toast-error';
import { paths } from '../../lib/routing/paths';
import { Button } from '../../ui/button';
import { NameDialog } from './name-dialog';
import { useCreatePresentation } from './presentations-api';

const T = PRESENTATION_TEXTS;

/**
 * "Create presentation" for the candidates workspace's selection (one opportunity): asks for its name, makes it in
 * the selection's order and opens it in the editor, where it is ordered and given its media.
 */
export function CreatePresentationButton(props: {
  projectId: string;
  roleId: string;
  submissionIds: string[];
}) {
  const create = useCreatePresentation(props.projectId);
  const navigate = useNavigate();
  const [naming, setNaming] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className="min-h-9 self-start px-3"
        disabled={create.isPending}
        onClick={() => setNaming(true)}
      >
        {create.isPending ? T.creating : T.create}
      </Button>
      <NameDialog
        open={naming}
        onOpenChange={setNaming}
        title={T.nameTitle}
        initial={T.createTitle}
        submitLabel={T.createSubmit}
        busy={create.isPending}
        onSubmit={(title) =>
          create.mutate(
            { title, roleId: props.roleId, submissionIds: props.submissionIds, layout: 'cards' },
            {
              onSuccess: (made) => {
                setNaming(false);
                void navigate(`${paths.project.presentations(props.projectId)}?open=${made.id}`);
              },
              onError: toastError,
            },
          )
        }
      />
    </>
  );
}
