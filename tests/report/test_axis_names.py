from tapdesk.report.axis_names import axis_names


def test_short_names_are_drawn_whole():
    names = axis_names(["J1", "J2", "J3", "J4"])
    assert names.labels == ("J1", "J2", "J3", "J4") and names.prefix == "" and names.shown
    assert names.title("rater") == "rater"


def test_long_names_lose_the_beginning_they_share_and_keep_whole_numbers():
    ids = [f"instructor{i}" for i in range(1, 13)]
    names = axis_names(ids)
    assert names.prefix == "instructor"
    assert names.labels == tuple(str(i) for i in range(1, 13))
    assert names.title("rater") == "rater (instructor...)"
    tens = axis_names([f"instructor1{i}" for i in range(10)])     # instructor10 ... instructor19
    assert tens.prefix == "instructor" and tens.labels[0] == "10"


def test_names_that_cannot_fit_are_not_drawn():
    ids = [f"{word} panel member" for word in
           ("Alice", "Bob", "Carol", "Dan", "Eve", "Frank", "Grace", "Heidi")]
    assert not axis_names(ids).shown
    assert not axis_names([f"worker{i}" for i in range(200)]).shown
