"""Exercise versions: each graded submission keeps the digest of the exercise that graded it."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    # Nullable and not backfilled: a report stored before this carries no version, and the
    # service counts such a result as current until `gradebox regrade` grades it again.
    with op.batch_alter_table("submissions") as table:
        table.add_column(sa.Column("exercise_version", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("submissions") as table:
        table.drop_column("exercise_version")
