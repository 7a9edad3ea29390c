"""The signing secret's digest: a server on this database with another secret refuses to start."""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "signing_secret",
        sa.Column("id", sa.Integer, primary_key=True),  # one row: 1
        sa.Column("digest", sa.String(200), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("signing_secret")
