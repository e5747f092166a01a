"""Portraits and print PDFs through object storage (django-storages, S3 API), the set-up for
several app servers and print workers: the same code runs against a real S3-compatible
server (moto's server mode) that this test module starts on loopback."""

import boto3
import pytest
from django.core.files.base import ContentFile
from django.urls import reverse
from moto.server import ThreadedMotoServer

from cards import services
from cards.models import PrintJob
from cards.printing import rendering
from cards.printing.sheets import PrintOptions, print_cards
from config import settings as project_settings
from tests.cards import pdf_reading as pdf
from tests.cards.sample_faces import crew
from tests.cards.test_print_cache import portrait
from tests.cards.test_print_views import card

BUCKET = "cliffhanger-test"


@pytest.fixture(scope="module")
def s3_endpoint():
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


@pytest.fixture
def object_storage(s3_endpoint, monkeypatch, settings):
    """The project's own S3 settings, switched on as a deployment would: by environment."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "test")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "test")
    monkeypatch.setenv("S3_BUCKET", BUCKET)
    monkeypatch.setenv("S3_ENDPOINT_URL", s3_endpoint)
    monkeypatch.setenv("S3_REGION", "us-east-1")
    bucket = boto3.resource("s3", endpoint_url=s3_endpoint, region_name="us-east-1").Bucket(BUCKET)
    bucket.create()
    settings.STORAGES = {**settings.STORAGES, **project_settings.file_storages()}
    yield bucket
    bucket.objects.all().delete()
    bucket.delete()


def stored(bucket, prefix):
    return [item.key for item in bucket.objects.filter(Prefix=prefix)]


def test_faces_and_pdfs_are_kept_in_the_bucket_and_reused(object_storage, monkeypatch):
    first = print_cards(crew(2), PrintOptions())
    assert len(stored(object_storage, "print-cache/faces/")) == 2
    assert len(stored(object_storage, "print-cache/prints/")) == 1

    def nothing_to_draw(html):
        raise AssertionError("drew faces again")

    monkeypatch.setattr(rendering, "draw", nothing_to_draw)
    assert print_cards(crew(2), PrintOptions()).pdf == first.pdf  # another server, same PDF


@pytest.mark.django_db
def test_a_portrait_in_the_bucket_prints_on_its_card(object_storage, client, player, pulp_alley):
    smith = card(player, pulp_alley, "Singapore Smith")
    smith.portrait_print.save("smith.jpg", ContentFile(portrait(120)))
    assert stored(object_storage, "media/portraits/print/")
    client.force_login(player)
    reader = pdf.read(client.get(reverse("printing:pdf"), {"source": "cards"}).content)
    assert len(pdf.images(reader)) == 1


@pytest.mark.django_db
def test_a_background_print_is_downloaded_from_the_bucket(object_storage, client, player, big_job):
    client.force_login(player)
    query = "&".join(f"{k}={v}" for k, v in big_job.items())
    started = services.start_print_job(
        player=player, query=query, title="Big", key="0" * 64, filename="big.pdf", faces_total=3
    )
    services.run_print_job(job_id=started.job_id)
    job = PrintJob.objects.get(pk=started.job_id)
    assert f"print-cache/prints/{job.key[:2]}/{job.key}.pdf" in stored(object_storage, "")
    download = client.get(reverse("printing:job_pdf", args=[job.pk]))
    assert len(pdf.read(download.content).pages) == 11
